import type { AuthContext } from './context.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * GoTrue only redirects to the site's host (or an allow-list); anything else falls back to the
 * site URL, so e-mail links cannot be turned into open redirects. Loopback names count as one host;
 * the port must match.
 */
export function safeRedirect(ctx: AuthContext, value: string | undefined | null): string {
  if (!value) return ctx.siteUrl;
  let target: URL;
  try {
    target = new URL(value);
  } catch {
    return ctx.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return ctx.siteUrl;
  // Host and port: another port on the same machine is another site (any local program).
  const allowed = [new URL(ctx.siteUrl), new URL(ctx.url)];
  const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
  const ok = allowed.some(
    (a) =>
      port(a) === port(target) &&
      (a.hostname === target.hostname || (LOOPBACK.has(a.hostname) && LOOPBACK.has(target.hostname))),
  );
  return ok ? target.toString() : ctx.siteUrl;
}

/** redirect_to with the given data as its fragment (implicit flow: the browser keeps it private). */
export function withFragment(url: string, data: Record<string, string | number>): string {
  const target = new URL(url);
  target.hash = new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString();
  return target.toString();
}
