import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { escapeHtml, htmlResponse, page } from './html.ts';
import { compressible, mimeType } from './mime.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Third-party origins the app loads, by CSP directive. Keep every outside origin here, named, so
 * the policy stays one reviewed list (README "Security headers" shows the result for static hosts).
 */
export const THIRD_PARTY_ORIGINS = {
  /** The venue map: an OpenStreetMap embed in an iframe (src/features/events/map.ts). */
  openStreetMap: { 'frame-src': ['https://www.openstreetmap.org'] },
  /** Profile photos of Google accounts (user_metadata.avatar_url) on a real Supabase project. */
  googleAvatars: { 'img-src': ['https://*.googleusercontent.com'] },
  /**
   * Mercado Pago's Card Payment Brick, loaded only on the card step (src/features/checkout/
   * mercadopago-card-brick.tsx): the SDK script, its API calls (card tokens, installments), its
   * Secure Fields and 3DS frames, card brand images. The PIX QR is a data: image.
   */
  mercadoPago: {
    'script-src': ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
    'connect-src': [
      'https://api.mercadopago.com',
      'https://api.mercadolibre.com',
      'https://events.mercadopago.com',
    ],
    'frame-src': [
      'https://sdk.mercadopago.com',
      'https://api-static.mercadopago.com',
      'https://www.mercadopago.com.br',
    ],
    'img-src': ['https://http2.mlstatic.com'],
  },
} satisfies Record<string, Partial<Record<CspDirective, string[]>>>;

type CspDirective = 'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'frame-src' | 'font-src';

/**
 * The app's Content-Security-Policy. No inline script anywhere (dist/index.html loads only module
 * files); `supabaseUrls` are the Supabase surfaces the app talks to (the host's own public URL, or
 * VITE_SUPABASE_URL of the build): API and auth calls, realtime, storage images and signed files.
 */
export function appContentSecurityPolicy(supabaseUrls: string[] = []): string {
  const origins = [...new Set(supabaseUrls.filter(Boolean).map((u) => new URL(u).origin))];
  const sockets = origins.map((o) => o.replace(/^http/, 'ws'));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...origins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...origins, ...sockets],
    'frame-src': ["'self'", ...origins],
    'media-src': ["'self'", 'blob:'],
    // blob: for the QR scanner's decoder worker (qr-scanner builds it from a Blob of its own code)
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  for (const extra of Object.values(THIRD_PARTY_ORIGINS) as Partial<Record<CspDirective, string[]>>[]) {
    for (const [directive, list] of Object.entries(extra)) directives[directive]!.push(...list);
  }
  return Object.entries(directives)
    .map(([name, list]) => `${name} ${[...new Set(list)].join(' ')}`)
    .join('; ');
}

/** Paths that belong to the Supabase surface or the dev pages: never answered with the app shell. */
const NOT_SPA = ['/auth/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/rest/v1', '/_dev'];

interface Loaded {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  encoded: Map<string, Uint8Array<ArrayBuffer>>;
}

function cacheControl(urlPath: string): string {
  // Vite's /assets/* carry a content hash in the name: cache for a year. Everything else
  // (index.html, sw.js, manifest, icons) is revalidated, so a new deploy shows up at once.
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function missingBuildPage(distDir: string, devHelpers: boolean): Response {
  return htmlResponse(
    page(
      'Congrega: app não compilado',
      `<h1>O app ainda não foi compilado</h1>
<p class="sub">O servidor do Congrega está rodando, mas não encontrou a pasta <code>${escapeHtml(distDir)}</code>.</p>
<div class="card"><p>Rode <code>npm run build</code> (ou <code>npm start</code>, que compila e inicia) e recarregue esta página.</p>
<p class="muted">A API e o login já funcionam${devHelpers ? ', e a caixa de e-mails local também: <a href="/_dev/mail">/_dev/mail</a>' : ''}.</p></div>`,
    ),
    503,
  );
}

/** Serves the built PWA with SPA fallback, cache headers and gzip/brotli for text files. */
export function staticFiles(distDir: string, opts: { devHelpers?: boolean } = {}) {
  const root = resolve(distDir);
  const cache = new Map<string, Loaded>();

  async function load(file: string): Promise<Loaded | null> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
    const hit = cache.get(file);
    if (hit?.etag === etag) return hit;
    const loaded = {
      body: new Uint8Array(await readFile(file)),
      type: mimeType(file),
      etag,
      encoded: new Map(),
    };
    cache.set(file, loaded);
    return loaded;
  }

  async function encode(file: Loaded, accept: string): Promise<[string, Uint8Array<ArrayBuffer>] | null> {
    if (!compressible(file.type) || file.body.byteLength < 1024) return null;
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) return null;
    let body = file.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? new Uint8Array(
              await brotli(file.body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 9,
                  [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length,
                },
              }),
            )
          : new Uint8Array(await gzipAsync(file.body, { level: 9 }));
      file.encoded.set(encoding, body); // compressed once per file version
    }
    return [encoding, body];
  }

  async function respond(req: Request, file: Loaded, urlPath: string): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': cacheControl(urlPath),
      etag: file.etag,
      vary: 'Accept-Encoding',
    };
    if (req.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
    const encoded = await encode(file, req.headers.get('accept-encoding') ?? '');
    if (encoded) headers['content-encoding'] = encoded[0];
    const body = encoded ? encoded[1] : file.body;
    headers['content-length'] = String(body.byteLength);
    return new Response(body, { headers });
  }

  return async function serveStatic(req: Request): Promise<Response> {
    const url = new URL(req.url);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      return new Response('Bad Request', { status: 400 });
    }
    const file = resolve(root, `.${urlPath}`);
    const inside = file === root || file.startsWith(root + sep);
    if (inside && !urlPath.includes('\0')) {
      const loaded = await load(urlPath.endsWith('/') ? join(file, 'index.html') : file);
      if (loaded) return respond(req, loaded, urlPath);
    }
    const navigation =
      req.method === 'GET' &&
      (req.headers.get('accept') ?? '').includes('text/html') &&
      !NOT_SPA.some((p) => urlPath === p || urlPath.startsWith(`${p}/`));
    if (!navigation)
      return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
    if (!existsSync(join(root, 'index.html'))) return missingBuildPage(distDir, opts.devHelpers ?? false);
    const shell = await load(join(root, 'index.html'));
    return respond(req, shell!, '/index.html');
  };
}
