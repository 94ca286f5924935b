import type { MiddlewareHandler } from 'hono';

/**
 * Old host names of the app (LEGACY_HOSTS): a request naming one in its Host header is redirected
 * (301) to the same path and query on the public URL, before anything else answers.
 */
export function legacyHosts(names: string[], publicUrl: string): MiddlewareHandler | null {
  const legacy = new Set(names.map((h) => h.trim().toLowerCase()).filter(Boolean));
  if (!legacy.size) return null;
  return async (c, next) => {
    const target = legacyRedirect(c.req.raw, legacy, publicUrl);
    return target ? c.redirect(target, 301) : next();
  };
}

/**
 * Where a request to a legacy host name goes: the same path and query on the public URL, or null
 * when its Host is not one of them. Names match with or without the port.
 */
export function legacyRedirect(
  req: Request,
  legacyHosts: ReadonlySet<string>,
  publicUrl: string,
): string | null {
  const host = (req.headers.get('host') ?? '').toLowerCase();
  if (!host) return null;
  const name = host.replace(/:\d+$/, '');
  if (!legacyHosts.has(host) && !legacyHosts.has(name)) return null;
  const current = new URL(publicUrl);
  if (current.host.toLowerCase() === host) return null; // never redirect to itself
  const { pathname, search } = new URL(req.url);
  return `${current.origin}${pathname}${search}`;
}
