import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How many encoded bodies are kept (each a few KiB): the public reads a crowd asks for at once. */
const KEPT = 64;

/**
 * JSON answers compressed as Supabase's edge compresses them (a list of events: ≈ 15 KiB → 3 KiB),
 * so a phone on the local host gets the bytes it would get deployed.
 *
 * An answer with an ETag (the anonymous public reads, `functions/api/middleware/public-cache.ts`)
 * is compressed once per encoding and its bytes kept by that tag: the tag is the hash of the JSON,
 * so the same tag means the same JSON and the kept bytes can never be stale (an edit makes a new
 * tag). A crowd reading one event then costs one brotli, not one per request; requests that arrive
 * while it runs wait for it. The oldest entries are dropped past `KEPT`. `compress` is zlib's unless
 * given (a test counts the compressions through it).
 */
export function createJsonCompression({ compress = compressWithZlib }: { compress?: Compressor } = {}) {
  const encoded = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  /** The kept bytes for `key`, now the most recently used (the first key is the one dropped). */
  function kept(key: string): Promise<Uint8Array<ArrayBuffer>> | undefined {
    const bytes = encoded.get(key);
    if (bytes) {
      encoded.delete(key);
      encoded.set(key, bytes);
    }
    return bytes;
  }

  function keep(key: string, bytes: Promise<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
    encoded.set(key, bytes);
    bytes.catch(() => encoded.delete(key)); // a failed compression is not kept
    if (encoded.size > KEPT) encoded.delete(encoded.keys().next().value!);
    return bytes;
  }

  return async function compressJson(req: Request, res: Response): Promise<Response> {
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || res.headers.has('content-encoding') || !res.body) return res;
    const encoding = chooseEncoding(req.headers.get('accept-encoding'));
    const headers = new Headers(res.headers);
    headers.append('vary', 'Accept-Encoding');
    const tag = res.status === 200 ? res.headers.get('etag') : null;
    const key = encoding && tag ? `${encoding} ${tag}` : null;
    const hit = key ? kept(key) : undefined;
    let body: Uint8Array<ArrayBuffer>;
    if (hit) {
      // the JSON is not even read (only bodies of ≥ 1 KiB are kept)
      void res.body.cancel();
      body = await hit;
    } else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (!encoding || raw.byteLength < 1024) return new Response(raw, { status: res.status, headers });
      // another request may have started the compression while this one read the JSON
      body = await (key ? (kept(key) ?? keep(key, compress(raw, encoding))) : compress(raw, encoding));
    }
    headers.set('content-encoding', encoding!);
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: res.status, headers });
  };
}

/** The encoding an answer is sent in for this Accept-Encoding: brotli first, then gzip, else none. */
export function chooseEncoding(accept: string | null | undefined): 'br' | 'gzip' | null {
  const a = accept ?? '';
  return /\bbr\b/.test(a) ? 'br' : /\bgzip\b/.test(a) ? 'gzip' : null;
}

type Compressor = (raw: Uint8Array, encoding: 'br' | 'gzip') => Promise<Uint8Array<ArrayBuffer>>;

export async function compressWithZlib(
  raw: Uint8Array,
  encoding: 'br' | 'gzip',
): Promise<Uint8Array<ArrayBuffer>> {
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipAsync(raw, { level: 6 });
  return new Uint8Array(body);
}
