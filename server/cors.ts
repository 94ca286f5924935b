/** CORS for the Supabase surface: only needed when the app runs on another origin (e.g. Vite dev). */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  // supabase-js (auth, functions, storage) headers; tokens travel in headers, never cookies.
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-supabase-api-version, x-upsert, cache-control, x-metadata',
  // supabase-js reads the error code only when it can see the API version header.
  'access-control-expose-headers':
    'x-supabase-api-version, x-sb-error-code, x-total-count, link, content-length, content-range, etag',
  'access-control-max-age': '86400',
};

export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

/** Adds CORS headers; copies the response when its headers are immutable (e.g. fetch results). */
export function withCors(res: Response): Response {
  let out = res;
  try {
    for (const [k, v] of Object.entries(CORS_HEADERS)) out.headers.set(k, v);
  } catch {
    out = new Response(res.body, res);
    for (const [k, v] of Object.entries(CORS_HEADERS)) out.headers.set(k, v);
  }
  return out;
}
