import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createWhatsAppCloudNotifier, notifierFromEnv } from '../functions/api/adapters/whatsapp-cloud.ts';
import { signupLimit } from '../src/domain/throttles.ts';
import { hostApiFunction } from './api-function.ts';
import { isServiceRole } from './auth/admin.ts';
import { clientIp, type TrustProxy } from './auth/client-ip.ts';
import type { AuthContext } from './auth/context.ts';
import { authApp } from './auth/index.ts';
import { createPasswordPool } from './auth/password-pool.ts';
import { SignInLimiter, SlidingWindow } from './auth/rate-limit.ts';
import { BCRYPT_COST, checkPassword, hashPassword } from './auth/users.ts';
import { appCspDirectives } from './csp.ts';
import { closeUp, makePrivate } from './data-dir.ts';
import { type Database, openMigratedDatabase } from './db.ts';
import type { MercadoPagoFake } from './dev/mercadopago.ts';
import { devModeFor } from './dev/mode.ts';
import { mountDevPages } from './dev/pages.ts';
import { createWhatsAppStandIn, type WhatsAppStandIn } from './dev/whatsapp.ts';
import { ANON_KEY, loadKeys } from './keys.ts';
import { legacyHosts } from './legacy-hosts.ts';
import { listen } from './listener.ts';
import { acquireLock } from './lock.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import { createMailbox, type Mail, type Mailbox, sendOnlyMailbox } from './mailbox.ts';
import { hostPayments, type MercadoPagoOptions } from './payments.ts';
import { attachRealtime, type Realtime, type RealtimeLimits } from './realtime.ts';
import type { RequestEnv } from './request-env.ts';
import { securityHeaders } from './security-headers.ts';
import { grantAdmin, lockDemoAccounts } from './seed/accounts.ts';
import { seed } from './seed/index.ts';
import type { SeedContext } from './seed-context.ts';
import { staticFiles } from './static.ts';
import { createStorage } from './storage.ts';
import { surfaceCors } from './surface.ts';
import { startTimers } from './timers.ts';
import type { ConnectionLimits, TlsFiles } from './tls.ts';

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
  mercadoPago?: MercadoPagoOptions;
  /**
   * WhatsApp (README 'Reminders and notices'): the WHATSAPP_* variables by name (WHATSAPP_TOKEN,
   * WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL, WHATSAPP_API_VERSION, WHATSAPP_TEMPLATE_LANGUAGE,
   * WHATSAPP_TEMPLATE_<KEY>). Without a token in dev mode, the API sends to the stand-in at
   * /_dev/whatsapp; without one otherwise, WhatsApp messages wait in the outbox.
   */
  whatsapp?: Record<string, string | undefined>;
  /**
   * Serve HTTPS (server/tls.ts: TLS_CERT/TLS_KEY or TLS=local). The same port still answers plain
   * HTTP to this machine (the host's own calls) and, from elsewhere, only the local authority's
   * certificate and a redirect to HTTPS.
   */
  tls?: TlsFiles | null;
  /** Handles app (non-Supabase) requests instead of the static files, e.g. Vite's dev middleware. */
  appMiddleware?: Parameters<typeof listen>[0]['appMiddleware'];
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
  /** The WhatsApp stand-in (dev mode without WHATSAPP_TOKEN), else null. */
  whatsAppStandIn: WhatsAppStandIn | null;
  /** Where WhatsApp messages go: 'stand-in', 'whatsapp-cloud', or null (none: they wait). */
  whatsapp: string | null;
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

/** Uploads (images, receipts) stay well under this; requests without a body skip the check. */
const limitBody = bodyLimit({
  maxSize: 25 * 1024 * 1024,
  onError: (c) => c.json({ message: 'Payload too large' }, 413),
});

/**
 * The local host: opens the database (PGlite or PostgreSQL), then serves, on one port, the built app
 * (server/static.ts), auth (server/auth), storage, realtime, the API function (server/api-function.ts)
 * and the dev pages (server/dev/pages.ts), and runs the API's timers (server/timers.ts).
 */
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
    const mail = smtp ? smtp.describe : 'mailbox';
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

    const tls = opts.tls ?? null;
    const trustProxy = opts.trustProxy ?? false;
    const server = await listen({
      port: opts.port ?? 5173,
      host: bindHost,
      tls,
      trustProxy,
      connectionLimits: opts.connectionLimits,
      appMiddleware: opts.appMiddleware,
    });
    cleanups.push(server.close);
    const realtime = await attachRealtime({
      httpServer: server.httpServer,
      database,
      keys,
      log,
      trustProxy,
      limits: opts.realtimeLimits,
    });
    cleanups.push(() => realtime.close());
    const boundPort = server.address.port;
    const url = (opts.publicUrl ?? `${tls ? 'https' : 'http'}://localhost:${boundPort}`).replace(/\/+$/, '');
    const published = new URL(url);

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

    const loopbackUrl = `http://${bindHost === '::1' ? '[::1]' : '127.0.0.1'}:${boundPort}`;
    const { payments, mercadoPago, fake } = await hostPayments({
      mercadoPago: opts.mercadoPago ?? {},
      devHelpers,
      database,
      loopbackUrl,
      log,
    });
    // WhatsApp: the Cloud API with a token; in dev mode without one, the local stand-in, reached
    // over loopback by the same production adapter (as the Mercado Pago fake).
    const whatsappVars = opts.whatsapp ?? {};
    let whatsAppStandIn: WhatsAppStandIn | null = null;
    let notifier = notifierFromEnv((name) => whatsappVars[name]);
    if (!notifier && devHelpers) {
      whatsAppStandIn = await createWhatsAppStandIn({ database, log });
      notifier = createWhatsAppCloudNotifier({
        apiUrl: `${loopbackUrl}/_dev/whatsapp`,
        accessToken: whatsAppStandIn.accessToken,
        phoneNumberId: whatsAppStandIn.phoneNumberId,
        describe: 'stand-in',
      });
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
    let handler: ((req: Request, env: RequestEnv) => Promise<Response>) | null = null;
    const fn = hostApiFunction({
      database,
      keys,
      env,
      payments,
      geocoder: opts.geocoder ?? (devHelpers ? 'fixed' : 'nominatim'),
      nominatimUrl: opts.nominatimUrl,
      mailer: mailbox,
      mailDescribe: mail,
      notifier: notifier ?? undefined,
      self: (req) => {
        if (!handler) throw new Error('host not ready');
        return handler(req, { ip: '127.0.0.1' });
      },
    });
    const stopTimers = startTimers(fn.api, {
      url,
      serviceRoleKey: keys.serviceRoleKey,
      waitUntil: fn.waitUntil,
    });
    cleanups.push(async () => {
      stopTimers();
      await fn.settle();
    });

    const app = new Hono<{ Bindings: RequestEnv }>();
    const legacy = legacyHosts(opts.legacyHosts ?? [], url);
    if (legacy) app.use('*', legacy);
    app.use('*', securityHeaders(appCspDirectives([url, opts.supabaseUrl ?? ''])));
    app.use('*', surfaceCors);
    app.use('*', (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
    );
    mountDevPages(app, {
      devHelpers,
      publicUrl: url,
      mailbox: smtp ? null : mailbox,
      mercadoPagoFake: fake,
      whatsAppStandIn,
    });
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
        const sweep = await fn.api(
          new Request(`${url}/functions/v1/api/v1/mercadopago/sweep`, { method: 'POST', headers }),
        );
        return c.json({ expired: expired.length, sweep: await sweep.json() });
      });
    }
    app.route('/auth/v1', authApp(ctx, log));
    app.route('/storage/v1', storage.routes);
    // The API counts clients by X-Forwarded-For's first entry (as Supabase's gateway sets it): the
    // function is given the address the host trusts (the socket's, or the proxy's last entry with TRUST_PROXY).
    app.all('/functions/v1/*', (c) =>
      fn.api(c.req.raw, clientIp(c.env?.ip ?? '', c.req.header('x-forwarded-for'), trustProxy)),
    );
    app.get('*', ...staticFiles(opts.distDir ?? join(repoRoot, 'dist'), { devHelpers }));
    app.notFound((c) => c.json({ message: 'Not Found' }, 404));
    app.onError((err, c) => {
      console.error(err);
      return c.json({ message: 'Internal server error' }, 500);
    });
    handler = async (req, reqEnv) => app.fetch(req, reqEnv);
    server.serve(
      handler,
      published.protocol === 'https:'
        ? published.origin
        : `https://${published.hostname}:${published.port || boundPort}`,
    );

    return {
      url,
      database,
      serviceRoleKey: keys.serviceRoleKey,
      anonKey: ANON_KEY,
      mailbox,
      devHelpers,
      demoAccountsLocked,
      adminGranted,
      mail,
      mercadoPagoFake: fake,
      whatsAppStandIn,
      whatsapp: notifier?.describe ?? null,
      httpServer: server.httpServer,
      realtime,
      https: Boolean(tls),
      port: boundPort,
      address: server.address,
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
