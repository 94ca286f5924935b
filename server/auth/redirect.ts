import type { AuthContext } from './context.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * GoTrue only redirects to the site's host (or an allow-list); anything else falls back to the
 * site URL, so e-mail links cannot be turned into open redirects. Loopback names count as one host.
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
  const allowed = new Set([new URL(ctx.siteUrl).hostname, new URL(ctx.url).hostname]);
  const loopbackSite = [...allowed].some((h) => LOOPBACK.has(h));
  if (allowed.has(target.hostname) || (loopbackSite && LOOPBACK.has(target.hostname)))
    return target.toString();
  return ctx.siteUrl;
}

/** redirect_to with the given data as its fragment (implicit flow: the browser keeps it private). */
export function withFragment(url: string, data: Record<string, string | number>): string {
  const target = new URL(url);
  target.hash = new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString();
  return target.toString();
}
