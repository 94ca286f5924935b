import type { IncomingMessage, ServerResponse } from 'node:http';
import { ifNoneMatchHits } from '../src/domain/etag.ts';
import { chooseEncoding } from './compress.ts';

/** How long a kept answer is served: long enough for a crowd arriving together, short for everyone else. */
const TTL_MS = 1_000;
/** Distinct URLs kept at most (one event's page is one; a query string makes another). */
const MAX_ENTRIES = 256;
/** Headers an answer may vary on and still be kept: the key covers the encoding, a token is never served. */
const KEYED_VARY = new Set(['accept-encoding', 'authorization']);
/** Only the API's answers are ever marked for a shared cache. */
const FUNCTIONS = '/functions/v1/';
/** What a 304 does not carry (it has no body). */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

/** A request as node:http gives it (what the key and the checks read). */
type Incoming = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

interface Entry {
  expires: number;
  status: number;
  /** As `writeHead` takes them: names and values in one flat list. */
  headers: string[];
  notModified: string[];
  etag: string | null;
  body: Uint8Array<ArrayBuffer>;
}

/**
 * A one-second cache of the API's anonymous public reads at the host's listener, as nginx's
 * micro-cache in front of an origin. When registration for a big event opens, a thousand phones ask
 * for the same event at once; the API already shares one database read and the host keeps the
 * compressed bytes (middleware/public-cache.ts, compress.ts), but each request still crossed
 * `@hono/node-server` (a Web Request and Response) and two Hono apps for an answer that is the same
 * for everyone (docs/performance.md, 'Public reads under a crowd'). Here it is one write of kept bytes.
 *
 * Kept: a GET without a token whose answer the API marked `public` with `s-maxage` (a shared cache
 * may keep it), by Host, URL and the encoding the host would pick. Never a request with
 * `Authorization`, never an answer that varies on anything else or sets a cookie. Every request other
 * than GET and HEAD (any write, through this host) drops everything at once and no read that overlaps
 * a write is kept, so a change made through the host is in the next read; a change made to the
 * database some other way (a timer, SQL) is seen within a second, well inside the `s-maxage` a CDN
 * is allowed.
 */
export function createMicroCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  /** Reads being answered, by key: identical requests arriving meanwhile wait for their answer. */
  const pending = new Map<string, Promise<Entry | null>>();
  /** Bumped when a write starts and when it ends: a read that saw either is not kept. */
  let generation = 0;
  let writing = 0;
  const reads = new WeakMap<Incoming, { generation: number; key: string; done(entry: Entry | null): void }>();

  const keyOf = (req: Incoming) =>
    `${req.headers.host ?? ''} ${req.url ?? ''} ${chooseEncoding(req.headers['accept-encoding']) ?? ''}`;

  const notModified = (entry: Entry, ifNoneMatch: string | undefined) =>
    entry.etag !== null && ifNoneMatchHits(ifNoneMatch, entry.etag);

  function send(entry: Entry, req: Incoming, res: ServerResponse) {
    if (notModified(entry, req.headers['if-none-match'])) {
      res.writeHead(304, entry.notModified);
      res.end();
    } else {
      res.writeHead(entry.status, entry.headers);
      res.end(entry.body);
    }
  }

  function entryOf(res: Response, body: Uint8Array<ArrayBuffer>): Entry {
    const headers = [...res.headers];
    return {
      expires: now() + TTL_MS,
      status: res.status,
      headers: headers.flat(),
      notModified: headers.filter(([name]) => !BODY_HEADERS.has(name)).flat(),
      etag: res.headers.get('etag'),
      body,
    };
  }

  /** Whether a shared cache may keep this answer, and this cache can key it. */
  function shareable(res: Response): boolean {
    const cacheControl = res.headers.get('cache-control') ?? '';
    const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
    return (
      res.status === 200 &&
      res.body !== null &&
      /\bpublic\b/.test(cacheControl) &&
      /\bs-maxage=\d+/.test(cacheControl) &&
      !res.headers.has('set-cookie') &&
      vary.every((v) => !v || KEYED_VARY.has(v))
    );
  }

  return {
    /**
     * Before the request is handled: answers it from a kept entry, or from the answer of the same
     * read already under way (as nginx's cache lock); else `next()` handles it (through `fetch`).
     * A write drops every entry.
     */
    handle(req: Incoming, res: ServerResponse, next: () => void): void {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        entries.clear();
        generation++;
        writing++;
        res.once('close', () => {
          writing--;
          generation++;
        });
        next();
        return;
      }
      if (
        req.method !== 'GET' ||
        req.headers.authorization !== undefined ||
        !req.url?.startsWith(FUNCTIONS)
      ) {
        next();
        return;
      }
      const key = keyOf(req);
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        send(entry, req, res);
        return;
      }
      if (entry) entries.delete(key);
      const underWay = pending.get(key);
      if (underWay) {
        void underWay.then((e) => (e ? send(e, req, res) : next()));
        return;
      }
      let done!: (entry: Entry | null) => void;
      const promise = new Promise<Entry | null>((resolve) => {
        done = (e) => {
          if (pending.get(key) === promise) pending.delete(key);
          resolve(e);
        };
      });
      pending.set(key, promise);
      reads.set(req, { generation, key, done });
      // answered without `fetch` (an error, a closed connection): the waiting requests go on their own
      res.once('close', () => done(null));
      next();
    },

    /**
     * The app's answer to `req` (`incoming` as node:http gave it), kept when it may be shared. The
     * read that fills an entry asks for the whole answer (no If-None-Match) and still gets its 304.
     */
    async fetch(
      incoming: Incoming,
      req: Request,
      app: (req: Request) => Promise<Response>,
    ): Promise<Response> {
      const read = reads.get(incoming);
      if (!read) return app(req);
      const ifNoneMatch = req.headers.get('if-none-match') ?? undefined;
      let whole = req;
      if (ifNoneMatch !== undefined) {
        const headers = new Headers(req.headers);
        headers.delete('if-none-match');
        whole = new Request(req.url, { headers });
      }
      const res = await app(whole);
      if (!shareable(res)) {
        read.done(null);
        return res;
      }
      const entry = entryOf(res, new Uint8Array(await res.arrayBuffer()));
      // a write started or ended while this was read: the answer may be the old one
      if (writing === 0 && read.generation === generation) {
        entries.set(read.key, entry);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        read.done(entry);
      } else read.done(null);
      return notModified(entry, ifNoneMatch)
        ? new Response(null, { status: 304, headers: pairs(entry.notModified) })
        : new Response(entry.body, { status: entry.status, headers: res.headers });
    },
  };
}

/** A flat [name, value, name, value…] list as Headers. */
function pairs(flat: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < flat.length; i += 2) headers.append(flat[i]!, flat[i + 1]!);
  return headers;
}
