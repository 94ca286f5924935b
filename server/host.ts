import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createLocalJWKSet } from 'jose';
import { createMercadoPagoPayments } from '../functions/api/adapters/mercadopago.ts';
import { createFixedGeocoder, createNominatimGeocoder } from '../functions/api/ports/geocoder.ts';
import { createHttpPorts } from '../functions/api/ports/http.ts';
import { type MercadoPagoEnv, systemClock } from '../functions/api/ports/index.ts';
import { signupLimit } from '../src/domain/throttles.ts';
import { isServiceRole } from './auth/admin.ts';
import { clientIp, isTrustedProxy, type TrustProxy } from './auth/client-ip.ts';
import type { AuthContext } from './auth/context.ts';
import { authApp } from './auth/index.ts';
import { avatarSvg } from './auth/oauth.ts';
import { createPasswordPool } from './auth/password-pool.ts';
import { SignInLimiter, SlidingWindow } from './auth/rate-limit.ts';
import { BCRYPT_COST, checkPassword, hashPassword } from './auth/users.ts';
import { appContentSecurityPolicy } from './csp.ts';
import { closeUp, makePrivate } from './data-dir.ts';
import { type Database, openMigratedDatabase } from './db.ts';
import { createMercadoPagoFake, type MercadoPagoFake } from './dev/mercadopago.ts';
import { devModeFor, devOnly, isLoopbackAddress } from './dev/mode.ts';
import { DEV_PLACES } from './dev/places.ts';
import { functionsHandler } from './functions.ts';
import { ANON_KEY, loadKeys } from './keys.ts';
import { acquireLock } from './lock.ts';
import { apiMailer } from './mail/api-mailer.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import { createMailbox, type Mail, type Mailbox, mailboxRoutes, sendOnlyMailbox } from './mailbox.ts';
import { attachRealtime, type Realtime, type RealtimeLimits } from './realtime.ts';
import type { RequestEnv } from './request-env.ts';
import { grantAdmin, lockDemoAccounts } from './seed/accounts.ts';
import { seed } from './seed/index.ts';
import type { SeedContext } from './seed-context.ts';
import { staticFiles } from './static.ts';
import { createStorage } from './storage.ts';
import { CA_PATH, type ConnectionLimits, frontDoor, isEncrypted, type TlsFiles } from './tls.ts';

const repoRoot = resolve(new URL('..', import.meta.url).pathname);

export interface HostOptions {
  /** Give this account the admin role at start (how a real install gets its first admin). */
  adminEmail?: string;
  /** Data folder (PGlite, keys, storage, lock), or 'memory://' for nothing on disk. Default `.data`. */
  dataDir?: string;
  /** Use this PostgreSQL instead of PGlite (keys and storage still live in dataDir). */
  databaseUrl?: string;
  /** 0 picks a free port. Default 5173. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string;
  /** The built PWA. Default `dist` at the repository root. */
  distDir?: string;
  /** The URL browsers use (e-mail links, token issuer), e.g. http://192.168.0.10:5173.
   * Default http://localhost:<port>. */
  publicUrl?: string;
  /** Where auth redirects go when redirect_to is missing or foreign. Default: the host URL. */
  siteUrl?: string;
  /** The e-mail of the person in charge of members' data, on /privacidade. Default: a demo address. */
  privacyEmail?: string;
  /** Days after an event its receipts are deleted (POST /v1/maintenance/retention). Default 180. */
  receiptRetentionDays?: number;
  log?: boolean;
  /** Run the demo seed after migrating. Default true. */
  seed?: boolean;
  /**
   * Dev mode: the dev mailbox (/_dev/mail), the simulated Google sign-in and the payment fake,
   * answering only clients on this machine. Default: on when `host` is a loopback interface.
   */
  devHelpers?: boolean;
  /**
   * Address search of the event editor: `fixed` answers from DEV_PLACES (no internet), `nominatim`
   * asks OpenStreetMap's Nominatim. Default: fixed in dev mode, nominatim otherwise.
   */
  geocoder?: 'fixed' | 'nominatim';
  /** Another Nominatim (self-hosted, or a mirror); default https://nominatim.openstreetmap.org. */
  nominatimUrl?: string;
  /** Send e-mail through this SMTP server (smtp://user:pass@host:587) instead of the dev mailbox. */
  smtpUrl?: string;
  /** The From of real e-mail. Default: the SMTP user when it is an address, else no-reply@<smtp host>. */
  smtpFrom?: string;
  /** The Supabase URL the built app talks to when it is not this host (VITE_SUPABASE_URL): allowed in the CSP. */
  supabaseUrl?: string;
  /**
   * Sign-in failures allowed in 5 minutes: per client address (default 30), per (address, e-mail)
   * (perEmail, default 10), and per e-mail from anywhere (perEmailAnywhere, default 50) past which only
   * addresses that already failed on it are held back.
   */
  loginLimits?: { perEmail?: number; perIp?: number; perEmailAnywhere?: number };
  /** Signup, recovery and resend requests allowed in 15 minutes per recipient (default 4) and per
   * client address (default 50). */
  mailLimits?: { perEmail?: number; perIp?: number };
  /**
   * Signups per client address in 15 minutes (SIGNUP_LIMIT, default 10): the API's /signup and
   * /auth/v1/signup count together. Tests that sign many people up from one address raise it.
   */
  signupLimit?: number;
  /**
   * Count clients by the last X-Forwarded-For entry when the request comes from a trusted reverse
   * proxy: its addresses (TRUST_PROXY=10.0.0.5), or `true` for any peer (TRUST_PROXY=1: then a client
   * reaching the host directly picks its own address). Default false.
   */
  trustProxy?: TrustProxy;
  /** Connections per client address and the silent-connection timeout (default CONNECTION_LIMITS). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Realtime's bounds per socket and per client address (default REALTIME_LIMITS). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /**
   * Old host names of the app (LEGACY_HOSTS): a request naming one in its Host header is redirected
   * (301) to the same path and query on the public URL, before anything else answers.
   */
  legacyHosts?: string[];
  /** bcrypt worker threads (default PASSWORD_WORKERS or 1–2) and how many jobs may wait (default 128). */
  passwordWorkers?: number;
  passwordQueue?: number;
  /**
   * Mercado Pago (MP_API_URL, MP_ACCESS_TOKEN, MP_PUBLIC_KEY, MP_WEBHOOK_SECRET, MP_NOTIFICATION_URL).
   * Without an access token in dev mode, the API talks to the local fake at /_dev/mercadopago.
   */
  mercadoPago?: {
    apiUrl?: string;
    accessToken?: string;
    publicKey?: string;
    webhookSecret?: string;
    notificationUrl?: string;
  };
  /**
   * Serve HTTPS (server/tls.ts: TLS_CERT/TLS_KEY or TLS=local). The same port still answers plain
   * HTTP to this machine (the host's own calls) and, from elsewhere, only the local authority's
   * certificate and a redirect to HTTPS.
   */
  tls?: TlsFiles | null;
  /** Handles app (non-Supabase) requests instead of the static files, e.g. Vite's dev middleware. */
  appMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export interface Host {
  url: string;
  database: Database;
  serviceRoleKey: string;
  anonKey: string;
  /** The dev mailbox's mails (always empty when mail goes out by SMTP). */
  mailbox: { list(filter?: { to?: string }): Promise<Mail[]> };
  /** Whether dev mode is on (see HostOptions.devHelpers). */
  devHelpers: boolean;
  /** Demo accounts whose known password was replaced at start (dev mode off). */
  demoAccountsLocked: number;
  /** With `adminEmail`: whether that account exists (and so now holds the admin role). */
  adminGranted: boolean | null;
  /** Where e-mail goes: 'mailbox' (kept locally) or the SMTP server, e.g. 'smtp://smtp.example.com:587'. */
  mail: string;
  /** The Mercado Pago fake when payments are simulated (dev mode without MP_ACCESS_TOKEN), else null. */
  mercadoPagoFake: MercadoPagoFake | null;
  /** The node:http server, e.g. to attach a WebSocket upgrade handler (realtime). */
  httpServer: Server;
  /** Realtime's sockets and channels (for tests). */
  realtime: Realtime;
  /** Whether the host serves HTTPS. */
  https: boolean;
  /** The port it listens on (PUBLIC_URL may name another, e.g. behind a proxy). */
  port: number;
  /** The interface and port it listens on (its listening socket is not `httpServer`'s: tls.ts frontDoor). */
  address: AddressInfo;
  close(): Promise<void>;
}

/** Supabase paths (and the dev pages) go to the host; everything else is the app. */
const SURFACE = /^\/(auth|storage|functions|realtime|rest)\/v1(\/|$)|^\/_dev(\/|$)/;
/** The Supabase surface proper: the only paths with (permissive) CORS. */
const SUPABASE = /^\/(auth|storage|functions|realtime|rest)\/v1(\/|$)/;
/** The simulated Google sign-in: the chooser page and its callback (GoTrue paths, dev-only here). */
const PICKER = /^\/auth\/v1\/(authorize|callback)\/?$/;

/** The policy of host answers that are data, not pages (JSON, the avatar SVG). */
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer: nosniff, a referrer policy, no framing by other sites. The app
 * (shell, assets, service worker) gets its CSP; host pages and storage files keep their own (storage
 * files may be framed by the app itself: signed event files open in an iframe).
 */
function withSecurityHeaders(path: string, res: Response, appCsp: string): Response {
  let out = res;
  const set = (name: string, value: string) => {
    try {
      out.headers.set(name, value);
    } catch {
      out = new Response(out.body, out); // immutable headers (e.g. a fetch result): copy once
      out.headers.set(name, value);
    }
  };
  const storage = path.startsWith('/storage/v1/');
  const ancestors = storage ? "frame-ancestors 'self'" : "frame-ancestors 'none'";
  const csp = out.headers.get('content-security-policy');
  if (!SURFACE.test(path)) set('content-security-policy', appCsp);
  else if (!csp) set('content-security-policy', storage ? `default-src 'none'; ${ancestors}` : DATA_CSP);
  else if (!csp.includes('frame-ancestors')) set('content-security-policy', `${csp}; ${ancestors}`);
  set('x-content-type-options', 'nosniff');
  set('x-frame-options', storage ? 'SAMEORIGIN' : 'DENY');
  set('referrer-policy', 'strict-origin-when-cross-origin');
  return out;
}

const randomHex = () => randomBytes(16).toString('hex');

export async function createHost(opts: HostOptions = {}): Promise<Host> {
  const log = opts.log ? (line: string) => console.log(line) : () => {};
  const memory = opts.dataDir === 'memory://';
  const dataDir = memory ? null : resolve(opts.dataDir ?? '.data');
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };

  try {
    if (dataDir) {
      makePrivate(dataDir);
      cleanups.push(acquireLock(dataDir));
      cleanups.push(() => closeUp(dataDir)); // after the database closed (cleanups run in reverse)
    }
    const database = await openMigratedDatabase(
      opts.databaseUrl
        ? { url: opts.databaseUrl }
        : { dataDir: dataDir ? join(dataDir, 'pgdata') : 'memory://' },
    );
    cleanups.push(() => database.close());
    if (dataDir) closeUp(dataDir); // PGlite's files, made with its own modes

    const keys = await loadKeys(dataDir);
    const bindHost = opts.host ?? '127.0.0.1';
    const devHelpers = opts.devHelpers ?? devModeFor(bindHost, undefined);
    const smtp = opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, { from: opts.smtpFrom, log }) : null;
    if (smtp) cleanups.push(() => smtp.close());
    const mailbox: Mailbox = smtp ? sendOnlyMailbox(smtp) : await createMailbox(database, log);
    const storage = await createStorage({
      db: database.db,
      keys,
      root: dataDir ? join(dataDir, 'storage') : null,
      isServiceRole: (header) => isServiceRole(keys, header),
    });

    if (opts.seed !== false) {
      const seedContext: SeedContext = { hashPassword, putObject: storage.putObject, now: new Date() };
      await seed(database.db, seedContext);
    }
    // A host others can reach keeps no account behind the password the README prints.
    const demoAccountsLocked = devHelpers
      ? 0
      : await lockDemoAccounts(database.db, { hashPassword, checkPassword });
    const adminGranted = opts.adminEmail ? await grantAdmin(database.db, opts.adminEmail) : null;

    // The URL (and so the token issuer) is known once the port is.
    let handler: ((req: Request, env: RequestEnv) => Promise<Response>) | null = null;
    // A malformed Host or request target is answered 400 by the listener, before the app sees it.
    const listener = getRequestListener(
      (req, { incoming }) =>
        handler?.(req, { ip: incoming.socket.remoteAddress ?? '' }) ??
        new Response('Iniciando…', { status: 503 }),
    );
    const tls = opts.tls ?? null;
    const trustProxy = opts.trustProxy ?? false;
    // where plain HTTP from the network is sent: PUBLIC_URL's host over HTTPS (set once listening),
    // never the Host header, which the client writes
    let secureOrigin = '';
    // a silent client may hold a connection for seconds, not minutes (the TLS side: frontDoor)
    const httpServer = createServer(
      { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
      (req, res) => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (tls && path === CA_PATH && tls.caCert) {
          res.writeHead(200, {
            'content-type': 'application/x-x509-ca-cert',
            'content-disposition': 'attachment; filename="congrega-ca.crt"',
          });
          res.end(tls.caCert);
          return;
        }
        // with HTTPS on, plain HTTP is for this machine only; others are sent to the secure address
        if (tls && !isEncrypted(req) && !isLoopbackAddress(req.socket.remoteAddress ?? '')) {
          const target = req.url?.startsWith('/') ? req.url : '/';
          res.writeHead(308, { location: `${secureOrigin}${target}` });
          res.end();
          return;
        }
        if (opts.appMiddleware && !SURFACE.test(path)) {
          opts.appMiddleware(req, res, () => listener(req, res));
        } else {
          listener(req, res);
        }
      },
    );
    // one listening socket for both protocols, bounded per client address (a trusted proxy carries
    // many clients: not counted)
    const front = frontDoor(httpServer, tls, {
      limits: opts.connectionLimits,
      exempt: (address) => Array.isArray(trustProxy) && isTrustedProxy(address, trustProxy),
    });
    await new Promise<void>((ok, fail) => {
      front.once('error', fail);
      front.listen(opts.port ?? 5173, bindHost, () => ok());
    });
    cleanups.push(
      () =>
        new Promise<void>((ok) => {
          front.close(() => ok());
          httpServer.closeAllConnections();
          front.destroyConnections();
        }),
    );
    const realtime = await attachRealtime({
      httpServer,
      database,
      keys,
      log,
      trustProxy,
      limits: opts.realtimeLimits,
    });
    cleanups.push(() => realtime.close());
    const boundPort = (front.address() as AddressInfo).port;
    const url = (opts.publicUrl ?? `${tls ? 'https' : 'http'}://localhost:${boundPort}`).replace(/\/+$/, '');
    const published = new URL(url);
    secureOrigin =
      published.protocol === 'https:'
        ? published.origin
        : `https://${published.hostname}:${published.port || boundPort}`;

    const passwords = createPasswordPool({
      size: opts.passwordWorkers,
      maxQueue: opts.passwordQueue,
      cost: BCRYPT_COST,
    });
    cleanups.push(() => passwords.close());
    const ctx: AuthContext = {
      db: database.db,
      keys,
      url,
      siteUrl: (opts.siteUrl ?? url).replace(/\/+$/, ''),
      mailbox,
      passwords,
      limits: {
        signIn: new SignInLimiter({
          perIp: opts.loginLimits?.perIp ?? 30,
          perPair: opts.loginLimits?.perEmail ?? 10,
          perEmail: opts.loginLimits?.perEmailAnywhere ?? 50,
          windowMs: 5 * 60_000,
        }),
        mailPerEmail: new SlidingWindow(opts.mailLimits?.perEmail ?? 4, 15 * 60_000),
        mailPerIp: new SlidingWindow(opts.mailLimits?.perIp ?? 50, 15 * 60_000),
        signupPerIp: signupLimit({ signupLimit: opts.signupLimit }).max,
      },
      trustProxy,
      // The simulated Google sign-in; off, /settings reports google: false.
      demoOAuth: devHelpers,
    };

    // Mercado Pago: real credentials when given; in dev mode without them, the local fake, reached
    // over loopback (the dev guard answers only this machine) by the same production adapter.
    const mp = opts.mercadoPago ?? {};
    const simulated = devHelpers && !mp.accessToken;
    const loopbackUrl = `http://${bindHost === '::1' ? '[::1]' : '127.0.0.1'}:${boundPort}`;
    const webhookPath = '/functions/v1/api/v1/webhooks/mercadopago';
    let mercadoPagoFake: MercadoPagoFake | null = null;
    let mercadoPago: MercadoPagoEnv;
    let payments: ReturnType<typeof createMercadoPagoPayments>;
    if (simulated) {
      const secrets = {
        accessToken: `TEST-local-${randomHex()}`,
        publicKey: `TEST-local-public-${randomHex()}`,
      };
      const webhookSecret = randomHex();
      mercadoPagoFake = await createMercadoPagoFake({
        database,
        webhookSecret,
        ...secrets,
        defaultNotificationUrl: `${loopbackUrl}${webhookPath}`,
        log,
      });
      payments = createMercadoPagoPayments({
        apiUrl: `${loopbackUrl}/_dev/mercadopago`,
        accessToken: secrets.accessToken,
      });
      mercadoPago = {
        publicKey: secrets.publicKey,
        webhookSecret,
        notificationUrl: `${loopbackUrl}${webhookPath}`,
        simulated: true,
      };
    } else {
      payments = createMercadoPagoPayments({ apiUrl: mp.apiUrl, accessToken: mp.accessToken ?? '' });
      mercadoPago = {
        publicKey: mp.publicKey ?? '',
        webhookSecret: mp.webhookSecret ?? '',
        notificationUrl: mp.notificationUrl,
        simulated: false,
      };
    }

    const env = {
      supabaseUrl: url,
      siteUrl: ctx.siteUrl,
      anonKey: ANON_KEY,
      serviceRoleKey: keys.serviceRoleKey,
      mercadoPago,
      // the person in charge of members' data (/privacidade); a demo address unless PRIVACY_EMAIL says
      privacyEmail: opts.privacyEmail || 'privacidade@congrega.local',
      receiptRetentionDays: opts.receiptRetentionDays,
      signupLimit: opts.signupLimit,
    };
    const geocoder =
      (opts.geocoder ?? (devHelpers ? 'fixed' : 'nominatim')) === 'fixed'
        ? createFixedGeocoder(DEV_PLACES)
        : createNominatimGeocoder({ baseUrl: opts.nominatimUrl, userAgent: `Congrega (+${url})` });
    // Work the API keeps going after an answer (the members' e-mails): closing the host waits for it.
    const background = new Set<Promise<unknown>>();
    const waitUntil = (task: Promise<unknown>) => {
      const tracked = task.catch(() => {}).finally(() => background.delete(tracked));
      background.add(tracked);
    };
    const api = functionsHandler(
      {
        db: database.db,
        clock: systemClock,
        env,
        payments,
        geocoder,
        // the members' e-mails go where the host's own go: the dev mailbox or SMTP
        mailer: apiMailer(mailbox, smtp ? smtp.describe : 'mailbox'),
        waitUntil,
        // GoTrue and Storage are this host: called in process, never over its own (HTTPS, LAN) address
        ...createHttpPorts(env, (target, init) => {
          if (!handler) throw new Error('host not ready');
          const req = new Request(target, { ...init, duplex: 'half' } as RequestInit);
          return handler(req, { ip: '127.0.0.1' });
        }),
      },
      // the host holds its keys: tokens are checked in memory, never by fetching its own JWKS
      { keys: createLocalJWKSet(keys.jwks) },
    );
    // The e-mail outbox: every write request drains it after its answer; this timer sends the
    // retries when they are due (on Supabase a pg_cron job calls the same route).
    const mailDrain = setInterval(() => {
      const headers = { authorization: `Bearer ${keys.serviceRoleKey}` };
      waitUntil(
        api(new Request(`${url}/functions/v1/api/v1/mail/drain`, { method: 'POST', headers })).catch(
          (error) => console.error('[mail] drain failed', error),
        ),
      );
    }, 30_000);
    mailDrain.unref();
    cleanups.push(async () => {
      clearInterval(mailDrain);
      while (background.size > 0) await Promise.allSettled([...background]);
    });
    // PIX nobody paid expire also without a webhook: the API's sweep, every minute (on Supabase a
    // pg_cron job calls the same route with the service key).
    const sweep = setInterval(() => {
      const headers = { authorization: `Bearer ${keys.serviceRoleKey}` };
      api(new Request(`${url}/functions/v1/api/v1/mercadopago/sweep`, { method: 'POST', headers })).catch(
        (error) => console.error('[mercadopago] sweep failed', error),
      );
    }, 60_000);
    sweep.unref();
    cleanups.push(() => clearInterval(sweep));
    const serveApp = staticFiles(opts.distDir ?? join(repoRoot, 'dist'), { devHelpers });
    const appCsp = appContentSecurityPolicy([url, opts.supabaseUrl ?? '']);
    const devGuard = devOnly({ enabled: devHelpers, publicUrl: url });
    const isPicker = (path: string, provider: string | undefined) =>
      PICKER.test(path) && (path.includes('/callback') || provider === 'google');

    const app = new Hono<{ Bindings: RequestEnv }>();
    const legacy = new Set((opts.legacyHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));
    if (legacy.size) {
      app.use('*', async (c, next) => {
        const target = legacyRedirect(c.req.raw, legacy, url);
        return target ? c.redirect(target, 301) : next();
      });
    }
    app.use('*', async (c, next) => {
      await next();
      c.res = withSecurityHeaders(c.req.path, c.res, appCsp);
    });
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
    app.use('*', (c, next) =>
      SUPABASE.test(c.req.path) && !isPicker(c.req.path, c.req.query('provider'))
        ? supabaseCors(c, next)
        : next(),
    );
    // uploads (images, receipts) stay well under this
    app.use(
      '*',
      bodyLimit({
        maxSize: 25 * 1024 * 1024,
        onError: (c) => c.json({ message: 'Payload too large' }, 413),
      }),
    );
    // The initials avatar is not a dev helper: Google users' avatar_url points here (the app shows
    // it as the profile photo, also to phones on the LAN). It only draws the initials of `name`.
    app.get('/_dev/avatar.svg', (c) =>
      c.body(avatarSvg(c.req.query('name') ?? ''), 200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
      }),
    );
    // Dev helpers: gone when dev mode is off, and only for this machine when on.
    app.use('/_dev/*', devGuard);
    app.use('/auth/v1/*', (c, next) =>
      isPicker(c.req.path, c.req.query('provider')) ? devGuard(c, next) : next(),
    );
    if (devHelpers && !smtp) app.route('/_dev', mailboxRoutes(mailbox));
    if (mercadoPagoFake) app.route('/_dev/mercadopago', mercadoPagoFake.routes);
    // Dev mode: the offers out on a tier's waiting list run out now (as if their hours had passed),
    // then the sweep passes them on, as the timer would (the e2e's clock for offers).
    if (devHelpers) {
      app.post('/_dev/waitlist/:tierId/expire-offers', async (c) => {
        const tierId = c.req.param('tierId');
        if (!/^[0-9a-f-]{36}$/i.test(tierId)) return c.json({ message: 'Not Found' }, 404);
        const expired = await database.db.query(
          `update public.waitlist_entries set offer_expires_at = now()
            where tier_id = $1 and status = 'offered' returning id`,
          [tierId],
        );
        const headers = { authorization: `Bearer ${keys.serviceRoleKey}` };
        const sweep = await api(
          new Request(`${url}/functions/v1/api/v1/mercadopago/sweep`, { method: 'POST', headers }),
        );
        return c.json({ expired: expired.length, sweep: await sweep.json() });
      });
    }
    app.route('/auth/v1', authApp(ctx, log));
    app.route('/storage/v1', storage.routes);
    // The API counts clients by X-Forwarded-For's first entry (as Supabase's gateway sets it): here it
    // is replaced by the address the host trusts (the socket's, or the proxy's last entry with TRUST_PROXY).
    app.all('/functions/v1/*', (c) => {
      const forwarded = c.req.raw.headers.get('x-forwarded-for') ?? undefined;
      const address = clientIp(c.env?.ip ?? '', forwarded, ctx.trustProxy);
      const headers = new Headers(c.req.raw.headers);
      headers.set('x-forwarded-for', address);
      // streamed bodies (uploads) keep streaming: Node's Request needs duplex for that
      return api(new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit));
    });
    app.get('*', ...serveApp);
    app.notFound((c) => c.json({ message: 'Not Found' }, 404));
    app.onError((err, c) => {
      console.error(err);
      return c.json({ message: 'Internal server error' }, 500);
    });
    handler = async (req, reqEnv) => app.fetch(req, reqEnv);

    return {
      url,
      database,
      serviceRoleKey: keys.serviceRoleKey,
      anonKey: ANON_KEY,
      mailbox,
      devHelpers,
      demoAccountsLocked,
      adminGranted,
      mail: smtp ? smtp.describe : 'mailbox',
      mercadoPagoFake,
      httpServer,
      realtime,
      https: Boolean(tls),
      port: boundPort,
      address: front.address() as AddressInfo,
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Where a request to a legacy host name goes: the same path and query on the public URL, or null
 * when its Host is not one of them. Names match with or without the port.
 */
export function legacyRedirect(
  req: Request,
  legacyHosts: ReadonlySet<string>,
  publicUrl: string,
): string | null {
  const host = (req.headers.get('host') ?? '').toLowerCase();
  if (!host) return null;
  const name = host.replace(/:\d+$/, '');
  if (!legacyHosts.has(host) && !legacyHosts.has(name)) return null;
  const current = new URL(publicUrl);
  if (current.host.toLowerCase() === host) return null; // never redirect to itself
  const { pathname, search } = new URL(req.url);
  return `${current.origin}${pathname}${search}`;
}
