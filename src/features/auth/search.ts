import * as v from 'valibot';

/** An optional text query parameter; anything malformed is dropped instead of failing the route. */
const optionalText = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2000))), undefined);

/** /auth/login?method=email&redirectTo=&reason=&email= */
export const loginSearchSchema = v.object({
  method: v.fallback(v.optional(v.picklist(['email'])), undefined),
  redirectTo: optionalText,
  reason: optionalText,
  email: optionalText,
});

/** /auth/signup?email=&redirectTo= */
export const signupSearchSchema = v.object({ email: optionalText, redirectTo: optionalText });

/** /auth/forgot?email= */
export const forgotSearchSchema = v.object({ email: optionalText });

/** /auth/welcome?name=&redirectTo= */
export const welcomeSearchSchema = v.object({ name: optionalText, redirectTo: optionalText });

/** /auth/oauth?redirectTo= (the tokens arrive in the fragment) */
export const oauthSearchSchema = v.object({ redirectTo: optionalText });

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
