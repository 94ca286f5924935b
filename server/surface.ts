import { cors } from 'hono/cors';

/** Supabase paths (and the dev pages) go to the host; everything else is the app. */
export const SURFACE = /^\/(auth|storage|functions|realtime|rest)\/v1(\/|$)|^\/_dev(\/|$)/;
/**
 * The Supabase surface the host answers CORS for (permissive). The API function answers its own, as on
 * Supabase (functions/api/app.ts): a second layer here would only rebuild each of its answers.
 */
const SUPABASE = /^\/(auth|storage|realtime|rest)\/v1(\/|$)/;
/** The simulated Google sign-in: the chooser page and its callback (GoTrue paths, dev-only here). */
const PICKER = /^\/auth\/v1\/(authorize|callback)\/?$/;

export const isPicker = (path: string, provider: string | undefined) =>
  PICKER.test(path) && (path.includes('/callback') || provider === 'google');

// Browsers on another origin (Vite dev server) preflight every Supabase call; dev pages get no CORS.
const supabaseCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  // supabase-js (auth, functions, storage) headers; tokens travel in headers, never cookies.
  allowHeaders: [
    'authorization',
    'x-client-info',
    'apikey',
    'content-type',
    'x-retry-count',
    'x-supabase-api-version',
    'x-upsert',
    'cache-control',
    'x-metadata',
  ],
  // supabase-js reads the error code only when it can see the API version header.
  exposeHeaders: [
    'x-supabase-api-version',
    'x-sb-error-code',
    'x-total-count',
    'link',
    'content-length',
    'content-range',
    'etag',
  ],
  maxAge: 86400,
});

/** CORS on the Supabase surface, except the simulated Google pages (a browser navigates to them). */
export const surfaceCors: typeof supabaseCors = (c, next) =>
  SUPABASE.test(c.req.path) && !isPicker(c.req.path, c.req.query('provider'))
    ? supabaseCors(c, next)
    : next();
