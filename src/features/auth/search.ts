/**
 * Search params of the auth routes. Plain functions rather than valibot schemas: route definitions
 * load with the entry, and valibot there cost 2.5 KiB gzip before the home's first paint.
 * Anything malformed is dropped instead of failing the route.
 */
type Search = Record<string, unknown>;

/** An optional text query parameter. */
function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 2000 ? value : undefined;
}

/** /auth/login?method=email&redirectTo=&reason=&email= */
export function loginSearch(search: Search): {
  method?: 'email';
  redirectTo?: string;
  reason?: string;
  email?: string;
} {
  return {
    method: search.method === 'email' ? ('email' as const) : undefined,
    redirectTo: optionalText(search.redirectTo),
    reason: optionalText(search.reason),
    email: optionalText(search.email),
  };
}

/** /auth/signup?email=&redirectTo= */
export function signupSearch(search: Search): { email?: string; redirectTo?: string } {
  return { email: optionalText(search.email), redirectTo: optionalText(search.redirectTo) };
}

/** /auth/confirmation?email=&redirectTo= (the address the confirmation link was sent to) */
export function confirmationSearch(search: Search): { email?: string; redirectTo?: string } {
  return { email: optionalText(search.email), redirectTo: optionalText(search.redirectTo) };
}

/** /auth/forgot?email= */
export function forgotSearch(search: Search): { email?: string } {
  return { email: optionalText(search.email) };
}

/** /auth/welcome?name=&redirectTo= */
export function welcomeSearch(search: Search): { name?: string; redirectTo?: string } {
  return { name: optionalText(search.name), redirectTo: optionalText(search.redirectTo) };
}

/** /auth/oauth?redirectTo= (the tokens arrive in the fragment) */
export function oauthSearch(search: Search): { redirectTo?: string } {
  return { redirectTo: optionalText(search.redirectTo) };
}

/** Where supabase-js sends the browser back after Google or an e-mail link. */
export function authCallbackUrl(redirectTo?: string): string {
  const base = `${window.location.origin}/auth/oauth`;
  return redirectTo ? `${base}?redirectTo=${encodeURIComponent(redirectTo)}` : base;
}

/** The error the auth server put in the callback URL (`#error=…` / `?error=…`), if any. */
export function callbackError(params: URLSearchParams): 'expired' | 'failed' | null {
  const error = params.get('error');
  const code = params.get('error_code') ?? '';
  const description = params.get('error_description') ?? '';
  if (!error && !code && !description) return null;
  if (/expired|otp|invalid.*link|flow_state/i.test(`${code} ${description}`)) return 'expired';
  return 'failed';
}
