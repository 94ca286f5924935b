import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { JWTVerifyGetKey } from 'jose';
import { errorFromPg } from './db/pg-errors.ts';
import type { AppEnv, TokenVerifier } from './lib/context.ts';
import { ApiHttpError, errorJson } from './lib/errors.ts';
import { createOutboxSender } from './mail/outbox.ts';
import { createTokenVerifier } from './middleware/auth.ts';
import { countWrites, PRIVATE_CACHE } from './middleware/public-cache.ts';
import { textGuard } from './middleware/text-guard.ts';
import type { Ports } from './ports/index.ts';
import { accountsRoutes } from './resources/accounts/accounts.routes.ts';
import { adminConfirmationsRoutes } from './resources/admin-confirmations/admin-confirmations.routes.ts';
import { attendanceRoutes } from './resources/attendance/attendance.routes.ts';
import { caravansRoutes } from './resources/caravans/caravans.routes.ts';
import { checkinsRoutes } from './resources/checkins/checkins.routes.ts';
import { checkoutRoutes } from './resources/checkout/checkout.routes.ts';
import { confirmationsRoutes } from './resources/confirmations/confirmations.routes.ts';
import { eventsRoutes } from './resources/events/events.routes.ts';
import { eventsAdminRoutes } from './resources/events/events-admin.routes.ts';
import { adminFilesRoutes } from './resources/files/admin-files.routes.ts';
import { filesRoutes } from './resources/files/files.routes.ts';
import { geocodeRoutes } from './resources/geocode/geocode.routes.ts';
import { guardiansRoutes } from './resources/guardians/guardians.routes.ts';
import { healthRoutes } from './resources/health/health.routes.ts';
import { mailRoutes } from './resources/mail/mail.routes.ts';
import { mercadoPagoRoutes } from './resources/mercadopago/mercadopago.routes.ts';
import { privacyRoutes } from './resources/privacy/privacy.routes.ts';
import { questionsRoutes } from './resources/questions/questions.routes.ts';
import { refundsRoutes } from './resources/refunds/refunds.routes.ts';
import { registrationsRoutes } from './resources/registrations/registrations.routes.ts';
import { remindersRoutes } from './resources/reminders/reminders.routes.ts';
import { reportsRoutes } from './resources/reports/reports.routes.ts';
import { sessionsRoutes } from './resources/sessions/sessions.routes.ts';
import { speakersRoutes } from './resources/speakers/speakers.routes.ts';
import { staffRoutes } from './resources/staff/staff.routes.ts';
import { tagsRoutes } from './resources/tags/tags.routes.ts';
import { templesRoutes } from './resources/temples/temples.routes.ts';
import { tiersRoutes } from './resources/tiers/tiers.routes.ts';
import { venuesRoutes } from './resources/venues/venues.routes.ts';
import { vouchersRoutes } from './resources/vouchers/vouchers.routes.ts';
import { waitlistRoutes } from './resources/waitlist/waitlist.routes.ts';

/** Largest request body accepted at all (uploads included); JSON bodies have a smaller limit. */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

export const CORS_ALLOW_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-retry-count',
];

export interface AppOptions {
  /** How bearer tokens become users; the project's JWKS unless a test gives its own. */
  verifyToken?: TokenVerifier;
  /**
   * The keys tokens are signed with, when the caller holds them (the local host): checked in memory
   * instead of fetching the project's JWKS, which from the host would be a request to itself.
   */
  keys?: JWTVerifyGetKey;
}

/**
 * The API: one Hono app under `/api` (the Edge Function `api`), built from its ports. The resources
 * are chained so that `AppType` carries every route's input and output to the browser's client.
 */
export function createApp(ports: Ports, options: AppOptions = {}) {
  const app = new Hono<AppEnv>().basePath('/api');
  const verifyToken = options.verifyToken ?? createTokenVerifier(ports.env, options.keys);

  // JSON only: nothing to run or frame; nosniff and a referrer policy (docs/architecture.md, 'Safe defaults'), on Supabase too.
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
    c.set('verifyToken', verifyToken);
    await next();
  });
  app.use('*', countWrites);
  // An answer to a request with a token is someone's own (their registrations, profile, check-ins,
  // staff data, errors too): never stored by the browser or anything in between. Public reads without
  // a token keep their own headers (middleware/public-cache.ts).
  app.use('*', async (c, next) => {
    await next();
    if (c.req.header('authorization') === undefined) return;
    try {
      c.res.headers.set('cache-control', PRIVATE_CACHE);
    } catch {
      c.res = new Response(c.res.body, c.res); // immutable headers: copy once
      c.res.headers.set('cache-control', PRIVATE_CACHE);
    }
  });
  // The members' e-mails: a write may have put one in the outbox; send it after the answer
  // (functions/api/mail/outbox.ts). Reads never write mail.
  const outbox = createOutboxSender(ports);
  if (outbox.enabled) {
    app.use('*', async (c, next) => {
      await next();
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS') outbox.kick();
    });
  }
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorJson(c, 413, 'TOO_LARGE') }));
  app.use('*', textGuard());

  const routes = app
    .route('/', healthRoutes)
    .route('/', accountsRoutes)
    .route('/', templesRoutes)
    .route('/', eventsRoutes)
    .route('/', registrationsRoutes)
    .route('/', filesRoutes)
    .route('/', checkoutRoutes)
    .route('/', caravansRoutes)
    .route('/', confirmationsRoutes)
    .route('/', mercadoPagoRoutes)
    .route('/', mailRoutes)
    .route('/', privacyRoutes)
    .route('/', questionsRoutes)
    .route('/', guardiansRoutes)
    .route('/', remindersRoutes)
    .route('/', adminConfirmationsRoutes)
    .route('/', refundsRoutes)
    .route('/', checkinsRoutes)
    .route('/', reportsRoutes)
    .route('/', eventsAdminRoutes)
    .route('/', venuesRoutes)
    .route('/', speakersRoutes)
    .route('/', tagsRoutes)
    .route('/', tiersRoutes)
    .route('/', waitlistRoutes)
    .route('/', vouchersRoutes)
    .route('/', sessionsRoutes)
    .route('/', attendanceRoutes)
    .route('/', adminFilesRoutes)
    .route('/', geocodeRoutes)
    .route('/', staffRoutes);

  app.notFound((c) => errorJson(c, 404, 'NOT_FOUND'));
  app.onError((error, c) => {
    if (error instanceof ApiHttpError) {
      if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
      return c.json(error.toBody(), error.status);
    }
    // a constraint or data error of Postgres: its API code (pg-errors.ts), never a 500
    const fromPg = errorFromPg(error);
    if (fromPg) return c.json(fromPg.toBody(), fromPg.status);
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 401) return errorJson(c, 401, 'UNAUTHORIZED');
      if (status === 413) return errorJson(c, 413, 'TOO_LARGE');
      if (status < 500) return errorJson(c, 400, 'INVALID_DATA');
    }
    console.error('[api] unexpected error', c.req.method, c.req.path, error);
    return errorJson(c, 500, 'INTERNAL');
  });
  return routes;
}

export type App = ReturnType<typeof createApp>;
/** The API's routes with their inputs and outputs: the browser imports this type only (src/lib/api.ts). */
export type AppType = App;
