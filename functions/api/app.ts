import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './lib/context.ts';
import { ApiHttpError, errorJson } from './lib/errors.ts';
import { createTokenVerifier, requireUser } from './middleware/auth.ts';
import { textGuard } from './middleware/text-guard.ts';
import type { Ports } from './ports/index.ts';
import type { RouteDeps } from './routes/deps.ts';
import { eventsRoutes } from './routes/events.ts';
import { filesRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { meRoutes } from './routes/me.ts';
import { registrationsRoutes } from './routes/registrations.ts';
import { signupRoutes } from './routes/signup.ts';
import { templesRoutes } from './routes/temples.ts';
import { usersRoutes } from './routes/users.ts';
import { welcomeRoutes } from './routes/welcome.ts';

/** Largest request body accepted at all (uploads included); JSON bodies have a smaller limit. */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

export const CORS_ALLOW_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-retry-count',
];

/** The API: one Hono app under `/api` (the Edge Function `api`), built from its ports. */
export function createApp(ports: Ports) {
  const app = new Hono<AppEnv>().basePath('/api');
  const deps: RouteDeps = { requireUser: requireUser(createTokenVerifier(ports.env)) };

  // JSON only: nothing to run or frame; nosniff and a referrer policy (DESIGN.md §7b), on Supabase too.
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      strictTransportSecurity: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: CORS_ALLOW_HEADERS,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      maxAge: 86400,
    }),
  );
  app.use('*', async (c, next) => {
    c.set('ports', ports);
    await next();
  });
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorJson(c, 413, 'TOO_LARGE') }));
  app.use('*', textGuard());

  app.route('/', healthRoutes());
  app.route('/', signupRoutes());
  app.route('/', welcomeRoutes(deps));
  app.route('/', meRoutes(deps));
  app.route('/', templesRoutes());
  app.route('/', eventsRoutes());
  app.route('/', registrationsRoutes(deps));
  app.route('/', filesRoutes(deps));
  app.route('/', usersRoutes(deps));

  app.notFound((c) => errorJson(c, 404, 'NOT_FOUND'));
  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 401) return errorJson(c, 401, 'UNAUTHORIZED');
      if (status === 413) return errorJson(c, 413, 'TOO_LARGE');
      if (status < 500) return errorJson(c, 400, 'INVALID_DATA');
    }
    console.error('[api] unexpected error', c.req.method, c.req.path, error);
    return errorJson(c, 500, 'INTERNAL');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
