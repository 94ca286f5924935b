import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { createHttpPorts } from '../functions/api/ports/http.ts';
import { systemClock } from '../functions/api/ports/index.ts';
import { isServiceRole } from './auth/admin.ts';
import type { AuthContext } from './auth/context.ts';
import { authApp } from './auth/index.ts';
import { avatarSvg } from './auth/oauth.ts';
import { FailureLimiter } from './auth/rate-limit.ts';
import { hashPassword } from './auth/users.ts';
import { preflight, withCors } from './cors.ts';
import { type Database, openMigratedDatabase } from './db.ts';
import { functionsHandler } from './functions.ts';
import { ANON_KEY, loadKeys } from './keys.ts';
import { acquireLock } from './lock.ts';
import { createMailbox, type Mail, mailboxRoutes } from './mailbox.ts';
import { nodeListener, type RequestEnv } from './node-http.ts';
import { seed } from './seed/index.ts';
import type { SeedContext } from './seed-context.ts';
import { staticFiles } from './static.ts';
import { createStorage } from './storage.ts';

const repoRoot = resolve(new URL('..', import.meta.url).pathname);

export interface HostOptions {
  /** Data folder (PGlite, keys, storage, lock), or 'memory://' for nothing on disk. Default `.data`. */
  dataDir?: string;
  /** Use this PostgreSQL instead of PGlite (keys and storage still live in dataDir). */
  databaseUrl?: string;
  /** 0 picks a free port. Default 5173. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** The built PWA. Default `dist` at the repository root. */
  distDir?: string;
  /** The URL browsers use (e-mail links, token issuer), e.g. http://192.168.0.10:5173.
   * Default http://localhost:<port>. */
  publicUrl?: string;
  /** Where auth redirects go when redirect_to is missing or foreign. Default: the host URL. */
  siteUrl?: string;
  log?: boolean;
  /** Run the demo seed after migrating. Default true. */
  seed?: boolean;
  /** The fake Google sign-in page. Default true (there is no real Google locally). */
  demoOAuth?: boolean;
  /** Login failures allowed per e-mail and per IP in 5 minutes. */
  loginLimits?: { perEmail: number; perIp: number };
  /** Handles app (non-Supabase) requests instead of the static files, e.g. Vite's dev middleware. */
  appMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export interface Host {
  url: string;
  database: Database;
  serviceRoleKey: string;
  anonKey: string;
  mailbox: { list(filter?: { to?: string }): Promise<Mail[]> };
  /** The node:http server, e.g. to attach a WebSocket upgrade handler (realtime). */
  httpServer: Server;
  close(): Promise<void>;
}

/** Supabase paths (and the dev pages) go to the host; everything else is the app. */
const SURFACE = /^\/(auth|storage|functions|realtime|rest)\/v1(\/|$)|^\/_dev(\/|$)/;

export async function createHost(opts: HostOptions = {}): Promise<Host> {
  const log = opts.log ? (line: string) => console.log(line) : () => {};
  const memory = opts.dataDir === 'memory://';
  const dataDir = memory ? null : resolve(opts.dataDir ?? '.data');
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };

  try {
    if (dataDir) cleanups.push(acquireLock(dataDir));
    const database = await openMigratedDatabase(
      opts.databaseUrl
        ? { url: opts.databaseUrl }
        : { dataDir: dataDir ? join(dataDir, 'pgdata') : 'memory://' },
    );
    cleanups.push(() => database.close());

    const keys = await loadKeys(dataDir);
    const mailbox = await createMailbox(database, log);
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

    // The URL (and so the token issuer) is known once the port is.
    let handler: ((req: Request, env: RequestEnv) => Promise<Response>) | null = null;
    const listener = nodeListener(
      (req, env) => handler?.(req, env) ?? new Response('Iniciando…', { status: 503 }),
      (err) => console.error(err),
    );
    const httpServer = createServer((req, res) => {
      if (opts.appMiddleware && !SURFACE.test((req.url ?? '/').split('?')[0]!)) {
        opts.appMiddleware(req, res, () => listener(req, res));
      } else {
        listener(req, res);
      }
    });
    await new Promise<void>((ok, fail) => {
      httpServer.once('error', fail);
      httpServer.listen(opts.port ?? 5173, opts.host ?? '127.0.0.1', () => ok());
    });
    cleanups.push(
      () =>
        new Promise<void>((ok) => {
          httpServer.close(() => ok());
          httpServer.closeAllConnections();
        }),
    );
    const url = (opts.publicUrl ?? `http://localhost:${(httpServer.address() as AddressInfo).port}`).replace(
      /\/+$/,
      '',
    );

    const ctx: AuthContext = {
      db: database.db,
      keys,
      url,
      siteUrl: (opts.siteUrl ?? url).replace(/\/+$/, ''),
      mailbox,
      limits: {
        email: new FailureLimiter(opts.loginLimits?.perEmail ?? 10, 5 * 60_000),
        ip: new FailureLimiter(opts.loginLimits?.perIp ?? 30, 5 * 60_000),
      },
      demoOAuth: opts.demoOAuth ?? true,
    };

    const env = { supabaseUrl: url, anonKey: ANON_KEY, serviceRoleKey: keys.serviceRoleKey };
    const api = functionsHandler({ db: database.db, clock: systemClock, env, ...createHttpPorts(env) });
    const serveStatic = staticFiles(opts.distDir ?? join(repoRoot, 'dist'));

    const app = new Hono<{ Bindings: RequestEnv }>();
    // Browsers on another origin (Vite dev server) preflight every Supabase call.
    app.use('*', async (c, next) => {
      if (!SURFACE.test(c.req.path)) return next();
      if (c.req.method === 'OPTIONS') return preflight();
      await next();
      c.res = withCors(c.res);
    });
    app.route('/auth/v1', authApp(ctx, log));
    app.route('/storage/v1', storage.routes);
    app.all('/functions/v1/*', (c) => api(c.req.raw));
    app.route('/_dev', mailboxRoutes(mailbox));
    app.get('/_dev/avatar.svg', (c) =>
      c.body(avatarSvg(c.req.query('name') ?? ''), 200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
      }),
    );
    app.get('*', (c) => serveStatic(c.req.raw));
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
      httpServer,
      close: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
