import { createApp } from '../functions/api/app.ts';
import type { Ports } from '../functions/api/ports/index.ts';

const PREFIX = '/functions/v1';

/**
 * `/functions/v1/<name>/*` as Supabase routes it: the function sees `/<name>/...`. Only `api`
 * exists; its Hono app (basePath '/api') answers anything else with 404.
 */
export function functionsHandler(ports: Ports) {
  const app = createApp(ports);
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    url.pathname = url.pathname.slice(PREFIX.length) || '/';
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const inner = new Request(url, {
      method: req.method,
      headers: req.headers,
      body: hasBody ? await req.arrayBuffer() : undefined,
    });
    return app.fetch(inner);
  };
}
