import { type AppOptions, createApp } from '../functions/api/app.ts';
import type { Ports } from '../functions/api/ports/index.ts';
import { createJsonCompression } from './compress.ts';

const PREFIX = '/functions/v1';

/**
 * `/functions/v1/<name>/*` as Supabase routes it: the function sees `/<name>/...`. Only `api`
 * exists; its Hono app (basePath '/api') answers anything else with 404.
 */
export function functionsHandler(ports: Ports, options: AppOptions = {}) {
  const app = createApp(ports, options);
  const compressJson = createJsonCompression();
  return async (req: Request, clientIp?: string): Promise<Response> => {
    const url = new URL(req.url);
    url.pathname = url.pathname.slice(PREFIX.length) || '/';
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // The client's address, where Supabase's edge puts it (the API's throttles and audit read it):
    // a header the client sent itself is not passed on. The host's own calls (timers) give none.
    const headers = new Headers(req.headers);
    if (clientIp) headers.set('x-forwarded-for', clientIp);
    else if (clientIp !== undefined) headers.delete('x-forwarded-for');
    const inner = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? await req.arrayBuffer() : undefined,
    });
    return compressJson(req, await app.fetch(inner));
  };
}
