/**
 * The API test harness (vitest only, never imported by the app), in two modes with one way to call:
 * - `createTestApp(ports)`: in process, the real `createApp` over fake ports, called with
 *   `app.request` or the typed `client` (hono/testing), no HTTP and no GoTrue. Tokens are fakes too:
 *   `tokenFor(user)` gives a bearer token the app accepts as that user, so a test chooses who calls
 *   without signing in. The database is whatever `db` is given: a seeded PGlite (`seededDb()`) for
 *   reads and writes, or `unusedDb` to prove a request never reached it.
 * - `startTestHost()`: the real local host (GoTrue, JWKS, storage, mailbox) on a seeded database,
 *   for what only the whole stack shows: real sign-in tokens, sign-up e-mails, stored files.
 * Both answer `call(path, { method, token, json, raw, headers })` → `{ status, body, headers }` and a
 * `client` typed from `AppType`, as the browser's.
 */
import { randomUUID } from 'node:crypto';
import { hc } from 'hono/client';
import { testClient } from 'hono/testing';
import { openMigratedDatabase } from '../../../server/db.ts';
import { DEV_PLACES } from '../../../server/dev/places.ts';
import { createHost, type HostOptions } from '../../../server/host.ts';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../../server/seed/demo.ts';
import { seed } from '../../../server/seed/index.ts';
import { supabaseClient } from '../../../tests/contract/helpers.ts';
import { testDatabaseOptions } from '../../../tests/postgres/databases.ts';
import { type AppType, createApp } from '../app.ts';
import type { AuthContextUser } from '../lib/context.ts';
import type { Db } from '../ports/db.ts';
import { createFixedGeocoder } from '../ports/geocoder.ts';
import {
  type AuthAdmin,
  type AuthUser,
  type Clock,
  PaymentGatewayError,
  type Payments,
  type Ports,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderStatus,
  type Storage,
} from '../ports/index.ts';

/** The moment the demo seed is laid out around, and the fake clock's time. */
export const TEST_NOW = new Date('2026-03-10T20:00:00.000Z');

/** A Db that fails the test if a query reaches it (validation and auth answer before the database). */
export const unusedDb: Db = {
  query: async (sql) => {
    throw new Error(`unexpected query: ${sql}`);
  },
  transaction: async () => {
    throw new Error('unexpected transaction');
  },
};

/** An in-memory PGlite with the migrations and the demo seed laid out around TEST_NOW. */
export async function seededDb(now = TEST_NOW): Promise<{ db: Db; close(): Promise<void> }> {
  const database = await openMigratedDatabase({});
  await seed(database.db, { now, hashPassword: async (pw) => `x:${pw}`, putObject: async () => {} });
  return { db: database.db, close: () => database.close() };
}

/**
 * GoTrue's admin API in memory: users by e-mail, as the HTTP adapter answers them. Given the database,
 * a new user also gets its auth.users row, as GoTrue would write it (profiles reference it).
 */
export function fakeAuthAdmin(db?: Db) {
  const users = new Map<string, AuthUser>();
  const make = async (email: string, metadata: Record<string, unknown>, confirmed: boolean) => {
    const user: AuthUser = {
      id: randomUUID(),
      email,
      email_confirmed_at: confirmed ? TEST_NOW.toISOString() : null,
      user_metadata: metadata,
      app_metadata: {},
    };
    users.set(email, user);
    await db?.query('insert into auth.users (id, email) values ($1, $2)', [user.id, email]);
    return user;
  };
  const admin: AuthAdmin & {
    users: Map<string, AuthUser>;
    invites: { email: string; redirectTo?: string }[];
    /** Passwords the tests give (by lower-case e-mail), for verifyPassword. */
    passwords: Map<string, string>;
    softDeleted: string[];
  } = {
    users,
    invites: [],
    passwords: new Map(),
    softDeleted: [],
    async signUp({ email, data }) {
      return users.has(email) ? null : make(email, data, false);
    },
    async createUser({ email, emailConfirm, userMetadata }) {
      return make(email, userMetadata ?? {}, emailConfirm);
    },
    async updateUser(id, patch) {
      // a user the test made up with tokenFor: known from now on, no row written
      let user = [...users.values()].find((u) => u.id === id);
      if (!user) {
        user = {
          id,
          email: `${id}@fake.local`,
          email_confirmed_at: null,
          user_metadata: {},
          app_metadata: {},
        };
        users.set(user.email, user);
      }
      if (patch.userMetadata) user.user_metadata = { ...user.user_metadata, ...patch.userMetadata };
      return user;
    },
    async findUserByEmail(email) {
      const known = users.get(email);
      if (known || !db) return known ?? null;
      // an account of the seed (or a fixture): as GoTrue would list it
      const [row] = await db.query<{ id: string; email: string; confirmed: boolean }>(
        'select id, email, email_confirmed_at is not null as confirmed from auth.users where lower(email) = lower($1)',
        [email],
      );
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        email_confirmed_at: row.confirmed ? TEST_NOW.toISOString() : null,
        user_metadata: {},
        app_metadata: {},
      };
    },
    async inviteUser({ email, data, redirectTo }) {
      const user = users.get(email) ?? (await make(email, data ?? {}, false));
      admin.invites.push({ email, redirectTo });
      return user;
    },
    async deleteUser(id) {
      const user = [...users.values()].find((u) => u.id === id);
      if (user) users.delete(user.email);
      await db?.query('delete from auth.users where id = $1', [id]);
    },
    async verifyPassword({ email, password }) {
      return admin.passwords.get(email.toLowerCase()) === password;
    },
    async softDeleteUser(id) {
      const user = [...users.values()].find((u) => u.id === id);
      if (user) users.delete(user.email);
      admin.softDeleted.push(id);
      await db?.query('update auth.users set email = null, raw_user_meta_data = $2::jsonb where id = $1', [
        id,
        {},
      ]);
      await db?.query('delete from auth.sessions where user_id = $1', [id]);
    },
  };
  return admin;
}

/** Storage that keeps uploads in memory and signs URLs as `signed:<bucket>/<path>?<seconds>`. */
export function fakeStorage() {
  const objects = new Map<string, { body: Blob | Uint8Array; contentType: string }>();
  const storage: Storage & { objects: typeof objects } = {
    objects,
    async upload(bucket, path, body, contentType) {
      objects.set(`${bucket}/${path}`, { body, contentType });
    },
    async remove(bucket, path) {
      objects.delete(`${bucket}/${path}`);
    },
    async signedUrl(bucket, path, expiresIn) {
      return `signed:${bucket}/${path}?${expiresIn}`;
    },
  };
  return storage;
}

/** The webhook secret of test apps: tests sign notifications with it. */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret';

/**
 * Mercado Pago in memory, with the sandbox's card outcomes read from the token (`tok-APRO-…`,
 * `tok-OTHE-…`, `tok-CONT-…`), PIX pending with a code; same idempotency key, same payment.
 * `down` makes every call fail as a network error; `settle` moves a payment as the dev page does.
 * (The local host's HTTP fake, server/dev/mercadopago.ts, is what the adapter is tested against.)
 */
export function fakePayments() {
  const byId = new Map<string, ProviderPayment>();
  const byKey = new Map<string, string>();
  const refunds = new Map<string, ProviderRefund>();
  let next = 1000;
  const payments: Payments & {
    down: boolean;
    byId: typeof byId;
    calls: number;
    settle(id: string, status: ProviderStatus, detail?: string): void;
  } = {
    down: false,
    byId,
    calls: 0,
    async createPayment(input) {
      payments.calls += 1;
      if (payments.down) throw new PaymentGatewayError('unavailable', 0, 'fake gateway down');
      const known = byKey.get(input.idempotencyKey);
      if (known) return { ...byId.get(known)! };
      next += 1;
      const id = String(next);
      let payment: ProviderPayment;
      if (input.method === 'mp_pix') {
        payment = {
          id,
          status: 'pending',
          statusDetail: 'pending_waiting_transfer',
          externalReference: input.externalReference,
          amountCents: input.amountCents,
          pix: {
            qrCode: `00020126pix-${id}`,
            qrCodeBase64: 'iVBORw0KGgo=',
            expiresAt: input.expiresAt ?? null,
          },
        };
      } else {
        const name = /^tok-([A-Z]{4})/.exec(input.card?.token ?? '')?.[1];
        if (!name) throw new PaymentGatewayError('refused', 400, 'Card Token not found');
        const [status, statusDetail]: [ProviderStatus, string] =
          name === 'OTHE'
            ? ['rejected', 'cc_rejected_other_reason']
            : name === 'CONT'
              ? ['in_process', 'pending_contingency']
              : ['approved', 'accredited'];
        payment = {
          id,
          status,
          statusDetail,
          externalReference: input.externalReference,
          amountCents: input.amountCents,
        };
      }
      byId.set(id, payment);
      byKey.set(input.idempotencyKey, id);
      return { ...payment };
    },
    async getPayment(id) {
      if (payments.down) throw new PaymentGatewayError('unavailable', 0, 'fake gateway down');
      const payment = byId.get(id);
      if (!payment) throw new PaymentGatewayError('not_found', 404, 'Payment not found');
      return { ...payment };
    },
    async cancelPayment(id) {
      payments.calls += 1;
      if (payments.down) throw new PaymentGatewayError('unavailable', 0, 'fake gateway down');
      const payment = byId.get(id);
      if (!payment) throw new PaymentGatewayError('not_found', 404, 'Payment not found');
      if (!['pending', 'in_process', 'authorized'].includes(payment.status))
        throw new PaymentGatewayError('refused', 400, `payment ${payment.status} cannot be cancelled`);
      payment.status = 'cancelled';
      payment.statusDetail = 'by_collector';
      return { ...payment };
    },
    async refundPayment({ paymentId, idempotencyKey }) {
      payments.calls += 1;
      if (payments.down) throw new PaymentGatewayError('unavailable', 0, 'fake gateway down');
      const payment = byId.get(paymentId);
      if (!payment) throw new PaymentGatewayError('not_found', 404, 'Payment not found');
      const known = refunds.get(idempotencyKey);
      if (known) return { ...known };
      if (payment.status !== 'approved')
        throw new PaymentGatewayError('refused', 400, `payment ${payment.status} cannot be refunded`);
      payment.status = 'refunded';
      payment.statusDetail = 'refunded';
      next += 1;
      const refund = { id: String(next), paymentId, amountCents: payment.amountCents, status: 'approved' };
      refunds.set(idempotencyKey, refund);
      return { ...refund };
    },
    settle(id, status, detail = status === 'approved' ? 'accredited' : 'expired') {
      const payment = byId.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
      payment.statusDetail = detail;
    },
  };
  return payments;
}

export type TestPorts = Partial<Omit<Ports, 'env'>> & { db: Db };

/** How a test calls the API: a path under the function (e.g. '/v1/me'), a token, a JSON body. */
export interface CallInit {
  method?: string;
  token?: string;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** `call` over a way to send a request (in process, or over HTTP to a host). */
function caller(send: (path: string, init: RequestInit) => Promise<Response>) {
  return async (path: string, init: CallInit = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined = init.raw;
    if (init.json !== undefined) body = JSON.stringify(init.json);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await send(path, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  };
}

/** The real app over fake ports (the given ones win), plus helpers to call it as someone. */
export function createTestApp(given: TestPorts) {
  const tokens = new Map<string, AuthContextUser>();
  const authAdmin = fakeAuthAdmin(given.db);
  const storage = fakeStorage();
  const clock: Clock = { now: () => TEST_NOW };
  const payments = fakePayments();
  const ports: Ports = {
    authAdmin,
    storage,
    clock,
    payments,
    geocoder: createFixedGeocoder(DEV_PLACES),
    ...given,
    env: {
      supabaseUrl: 'http://supabase.test',
      anonKey: 'anon',
      serviceRoleKey: 'service',
      mercadoPago: {
        publicKey: 'TEST-public',
        webhookSecret: TEST_WEBHOOK_SECRET,
        notificationUrl: 'http://supabase.test/functions/v1/api/v1/webhooks/mercadopago',
        simulated: true,
      },
    },
  };
  const app = createApp(ports, {
    verifyToken: async (token) => {
      const user = tokens.get(token);
      if (!user) throw new Error('unknown test token');
      return user;
    },
  });

  /** A bearer token for a demo user or any user (id, e-mail, metadata). */
  function tokenFor(user: DemoUserKey | Partial<AuthContextUser>): string {
    const demo = typeof user === 'string' ? DEMO_USERS[user] : null;
    const resolved: AuthContextUser = demo
      ? { id: demo.id, email: demo.email, userMetadata: { name: demo.name }, claims: {} }
      : {
          id: randomUUID(),
          email: `${randomUUID()}@exemplo.com`,
          userMetadata: {},
          claims: {},
          ...(user as Partial<AuthContextUser>),
        };
    const token = `test-${randomUUID()}`;
    tokens.set(token, resolved);
    return token;
  }

  /** `app.request` under the Edge Function's path, with an optional token and JSON body. */
  const call = caller(async (path, init) => app.request(`/api${path}`, init));

  /** The typed client (the same type the browser uses), over app.request. */
  const client = (token?: string) =>
    testClient(app, {}, undefined, token ? { headers: { authorization: `Bearer ${token}` } } : {}).api;

  return { app, ports, authAdmin, storage, payments, tokenFor, call, client };
}

export type Host = Awaited<ReturnType<typeof createHost>>;
export type TestHost = Awaited<ReturnType<typeof startTestHost>>;

/**
 * The real local host in-process on a fresh database with the demo seed (PGlite in memory, or in the
 * postgres project a fresh seeded database on the shared PostgreSQL), the real supabase-js to sign
 * demo users in, and `call` over HTTP to `${url}/functions/v1/api/...`.
 */
export async function startTestHost(opts: Pick<HostOptions, 'signupLimit'> = {}) {
  const host = await createHost({
    dataDir: 'memory://',
    port: 0,
    ...(await testDatabaseOptions(true)),
    ...opts,
  });
  const url = host.url.replace(/\/+$/, '');
  const api = `${url}/functions/v1/api`;
  const tokens = new Map<string, string>();

  async function signIn(email: string, password: string): Promise<string> {
    const { data, error } = await supabaseClient(url, host.anonKey).auth.signInWithPassword({
      email,
      password,
    });
    if (error || !data.session) throw new Error(`sign-in failed for ${email}: ${error?.message}`);
    return data.session.access_token;
  }

  return {
    host,
    url,
    api,
    call: caller((path, init) => fetch(`${api}${path}`, init)),
    /** The typed client over HTTP, as the browser builds it (src/lib/api.ts). */
    client: (token?: string) =>
      hc<AppType>(`${url}/functions/v1`, token ? { headers: { authorization: `Bearer ${token}` } } : {}).api,
    /** A real access token of a demo user (cached) or of any e-mail and password. */
    async token(user: DemoUserKey | { email: string; password: string }): Promise<string> {
      const creds =
        typeof user === 'string' ? { email: DEMO_USERS[user].email, password: DEMO_PASSWORD } : user;
      const cached = tokens.get(creds.email);
      if (cached) return cached;
      const t = await signIn(creds.email, creds.password);
      tokens.set(creds.email, t);
      return t;
    },
    async count(table: string): Promise<number> {
      const rows = await host.database.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      return rows[0]!.n;
    },
    query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) =>
      host.database.db.query<T>(sql, params),
    close: () => host.close(),
  };
}
