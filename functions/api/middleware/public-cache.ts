import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/context.ts';

/**
 * How an anonymous public read may be cached: browsers revalidate every time (max-age=0; unchanged,
 * that is a 304 without a body), a shared cache in front of the function (a CDN) keeps it 10 s and
 * then serves it stale for up to 60 s more while it asks again. When registration for a big event
 * opens and thousands open the same page, the function then answers each edge about once per 10 s.
 * The price: a change (an edit, the last place sold) reaches readers behind a CDN up to ≈ 10 s late;
 * the checkout itself always decides on the database's current state.
 */
export const PUBLIC_READ_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/** A request that carries a token: never stored, by the browser or anyone in between. */
export const PRIVATE_CACHE = 'private, no-store';

const stripWeak = (tag: string) => tag.replace(/^W\//, '');

/** Whether If-None-Match names this tag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const expected = stripWeak(tag);
  return (ifNoneMatch.match(/(W\/)?"[^"]*"/g) ?? []).some((t) => stripWeak(t) === expected);
}

/** A weak validator (the host and the edge compress the JSON, so the bytes differ by encoding). */
async function weakTag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/**
 * Cache headers of the public reads (the events): the answer is the same for everyone, so without
 * a token it is `public` with an ETag, and `If-None-Match` with that tag answers 304 without a body.
 * With a token (`Authorization`) it is `private, no-store`, so an answer asked for by a member is
 * never kept in a shared cache, and `Vary: Authorization` tells caches the two differ. Errors
 * (an unknown event) are `no-store`: a CDN would otherwise keep a 404 by its own default.
 */
export const publicRead: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.append('vary', 'Authorization');
  if (c.req.header('authorization') !== undefined) {
    headers.set('cache-control', PRIVATE_CACHE);
    return;
  }
  if (c.res.status !== 200) {
    headers.set('cache-control', 'no-store');
    return;
  }
  const tag = await weakTag(await c.res.clone().arrayBuffer());
  headers.set('etag', tag);
  headers.set('cache-control', PUBLIC_READ_CACHE);
  if (!matches(c.req.header('if-none-match'), tag)) return;
  // 304: the same headers (validators, caching, CORS, security), no body and nothing describing one
  const notModified = new Headers(headers);
  for (const name of ['content-type', 'content-length', 'content-encoding']) notModified.delete(name);
  await c.res.body?.cancel();
  c.res = undefined;
  c.res = new Response(null, { status: 304, headers: notModified });
};
