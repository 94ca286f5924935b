import type { MiddlewareHandler } from 'hono';
import { ifNoneMatchHits } from '../../../src/domain/etag.ts';
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

/** A weak validator (the host and the edge compress the JSON, so the bytes differ by encoding). */
async function weakTag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `W/"${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** One answer to an anonymous public read, as every request that joined it gets it. */
interface Answer {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
}

/** An anonymous read being answered, and the write count when it started. */
interface Flight {
  answer: Promise<Answer>;
  writes: number;
}

/** Anonymous reads being answered, by app (its ports) and URL: later identical requests join them. */
const inFlight = new WeakMap<object, Map<string, Flight>>();
/** Per app (its ports): bumped when a write starts and when it ends (`countWrites`). */
const writeCounts = new WeakMap<object, number>();

const bumpWrites = (ports: object) => writeCounts.set(ports, (writeCounts.get(ports) ?? 0) + 1);

/**
 * Counts the app's writes (every request but GET, HEAD and OPTIONS), as they start and as they end:
 * a read under way when a write started or ended may hold the old answer, so a request arriving
 * after that does not join it (`publicRead`). The admin who just deleted an event reads it gone.
 */
export const countWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const ports = c.get('ports');
  bumpWrites(ports);
  try {
    await next();
  } finally {
    bumpWrites(ports);
  }
};

function respond(answer: Answer, ifNoneMatch: string | undefined): Response {
  const headers = new Headers(answer.headers);
  const tag = headers.get('etag');
  if (tag && ifNoneMatchHits(ifNoneMatch, tag)) {
    // 304: the same headers (validators, caching, CORS, security), no body and nothing describing one
    for (const name of ['content-type', 'content-length', 'content-encoding']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * Cache headers of the public reads (the events): the answer is the same for everyone, so without
 * a token it is `public` with an ETag, and `If-None-Match` with that tag answers 304 without a body.
 * With a token (`Authorization`) it is `private, no-store`, so an answer asked for by a member is
 * never kept in a shared cache, and `Vary: Authorization` tells caches the two differ. Errors
 * (an unknown event) are `no-store`: a CDN would otherwise keep a 404 by its own default.
 *
 * Without a CDN (or when its copy expires at once everywhere) a crowd asks the function for the
 * same page at the same moment: an anonymous read that finds the same URL already being read joins
 * that read instead of querying again (one query, one JSON, one hash for all of them), unless a
 * write through this app started or ended since that read began (`countWrites`). The local
 * host compresses it once per ETag and encoding (server/compress.ts), as the edge does deployed.
 */
export const publicRead: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization') !== undefined) {
    await next();
    c.res.headers.append('vary', 'Authorization');
    c.res.headers.set('cache-control', PRIVATE_CACHE);
    return;
  }
  const ports = c.get('ports');
  const flights = inFlight.get(ports) ?? new Map<string, Flight>();
  inFlight.set(ports, flights);
  const key = c.req.url;
  const writes = writeCounts.get(ports) ?? 0;
  const joined = flights.get(key);
  // a write since that read began: it may hold the old answer, so this request reads on its own
  if (joined?.writes === writes) return respond(await joined.answer, c.req.header('if-none-match'));

  const answer = (async (): Promise<Answer> => {
    await next();
    const headers = new Headers(c.res.headers);
    headers.append('vary', 'Authorization');
    const body = await c.res.arrayBuffer();
    if (c.res.status === 200) {
      headers.set('etag', await weakTag(body));
      headers.set('cache-control', PUBLIC_READ_CACHE);
    } else headers.set('cache-control', 'no-store');
    return { status: c.res.status, headers, body };
  })();
  const flight: Flight = { answer, writes };
  flights.set(key, flight);
  try {
    const done = await answer;
    c.res = undefined;
    c.res = respond(done, c.req.header('if-none-match'));
  } finally {
    if (flights.get(key) === flight) flights.delete(key);
  }
};
