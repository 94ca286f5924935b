import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type AppOptions, createApp } from '../functions/api/app.ts';
import type { Ports } from '../functions/api/ports/index.ts';

const PREFIX = '/functions/v1';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `/functions/v1/<name>/*` as Supabase routes it: the function sees `/<name>/...`. Only `api`
 * exists; its Hono app (basePath '/api') answers anything else with 404.
 */
export function functionsHandler(ports: Ports, options: AppOptions = {}) {
  const app = createApp(ports, options);
  return async (req: Request, clientIp?: string): Promise<Response> => {
    const url = new URL(req.url);
    url.pathname = url.pathname.slice(PREFIX.length) || '/';
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // The client's address, where Supabase's edge puts it (the API's audit reads it); a header the
    // client sent itself is not passed on.
    const headers = new Headers(req.headers);
    if (clientIp !== undefined) {
      if (clientIp) headers.set('x-forwarded-for', clientIp);
      else headers.delete('x-forwarded-for');
    }
    const inner = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? await req.arrayBuffer() : undefined,
    });
    return compressJson(req, await app.fetch(inner));
  };
}

/**
 * JSON answers compressed as Supabase's edge compresses them (a list of events: ≈ 15 KiB → 3 KiB),
 * so a phone on the local host gets the bytes it would get deployed.
 */
async function compressJson(req: Request, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json') || res.headers.has('content-encoding') || !res.body) return res;
  const accept = req.headers.get('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  const headers = new Headers(res.headers);
  headers.append('vary', 'Accept-Encoding');
  const raw = new Uint8Array(await res.arrayBuffer());
  if (!encoding || raw.byteLength < 1024) return new Response(raw, { status: res.status, headers });
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipAsync(raw, { level: 6 });
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(new Uint8Array(body), { status: res.status, headers });
}
