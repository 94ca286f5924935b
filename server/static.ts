import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { html, htmlResponse, page } from './html.ts';

/** Paths that belong to the Supabase surface or the dev pages: never answered with the app shell. */
const NOT_SPA = ['/auth/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/rest/v1', '/_dev'];

// Vite's /assets/* carry a content hash in the name: cache for a year. Everything else (index.html,
// sw.js, manifest, icons) is revalidated, so a new deploy shows up at once.
const cacheControl: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 200 || c.res.status === 304)
    c.header(
      'cache-control',
      c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
};

function missingBuildPage(distDir: string, devHelpers: boolean): Promise<Response> {
  return htmlResponse(
    page(
      'Congrega: app não compilado',
      html`<h1>O app ainda não foi compilado</h1>
<p class="sub">O servidor do Congrega está rodando, mas não encontrou a pasta <code>${distDir}</code>.</p>
<div class="card"><p>Rode <code>npm run build</code> (ou <code>npm start</code>, que compila e inicia) e recarregue esta página.</p>
<p class="muted">A API e o login já funcionam${devHelpers && html`, e a caixa de e-mails local também: <a href="/_dev/mail">/_dev/mail</a>`}.</p></div>`,
    ),
    503,
  );
}

/**
 * The built PWA: its files (with the .br/.gz copies the build writes beside them, see vite.config.ts
 * `precompress`), ETag revalidation, and the app shell for any other page a browser navigates to.
 */
export function staticFiles(
  distDir: string,
  opts: { devHelpers?: boolean } = {},
): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler, MiddlewareHandler] {
  const root = resolve(distDir);
  const files = serveStatic({ root, precompressed: true });
  const shell = serveStatic({ path: join(root, 'index.html'), precompressed: true });
  const appShell: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    const navigation =
      (c.req.header('accept') ?? '').includes('text/html') &&
      !NOT_SPA.some((p) => path === p || path.startsWith(`${p}/`));
    if (!navigation) return next();
    if (!existsSync(join(root, 'index.html'))) return missingBuildPage(distDir, opts.devHelpers ?? false);
    return shell(c, next);
  };
  return [cacheControl, etag(), files, appShell];
}
