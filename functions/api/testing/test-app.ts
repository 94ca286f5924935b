/**
 * In-process route tests (vitest only, never imported by the app): the real `createApp` over fake
 * ports, called with `app.request` or the typed `client` (hono/testing), no HTTP and no GoTrue.
 * Tokens are fakes too: `tokenFor(user)` gives a bearer token the app accepts as that user, so a test
 * chooses who calls without signing in. The database is whatever `db` is given: a seeded PGlite
 * (`seededDb()`) for reads and writes, or `unusedDb` to prove a request never reached it.
 */
import { randomUUID } from 'node:crypto';
import { testClient } from 'hono/testing';
import { openMigratedDatabase } from '../../../server/db.ts';
import { DEV_PLACES } from '../../../server/dev/places.ts';
import { DEMO_USERS, type DemoUserKey } from '../../../server/seed/demo.ts';
import { seed } from '../../../server/seed/index.ts';
import { createApp } from '../app.ts';
import type { AuthContextUser } from '../lib/context.ts';
import type { Db } from '../ports/db.ts';
import { createFixedGeocoder } from '../ports/geocoder.ts';
import type { AuthAdmin, AuthUser, Clock, Ports, Storage } from '../ports/index.ts';

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
  const admin: AuthAdmin & { users: Map<string, AuthUser> } = {
    users,
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
      return users.get(email) ?? null;
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

export type TestPorts = Partial<Omit<Ports, 'env'>> & { db: Db };

/** The real app over fake ports (the given ones win), plus helpers to call it as someone. */
export function createTestApp(given: TestPorts) {
  const tokens = new Map<string, AuthContextUser>();
  const authAdmin = fakeAuthAdmin(given.db);
  const storage = fakeStorage();
  const clock: Clock = { now: () => TEST_NOW };
  const ports: Ports = {
    authAdmin,
    storage,
    clock,
    geocoder: createFixedGeocoder(DEV_PLACES),
    ...given,
    env: { supabaseUrl: 'http://supabase.test', anonKey: 'anon', serviceRoleKey: 'service' },
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
  async function call(
    path: string,
    init: {
      method?: string;
      token?: string;
      json?: unknown;
      raw?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined = init.raw;
    if (init.json !== undefined) body = JSON.stringify(init.json);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.request(`/api${path}`, {
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
  }

  /** The typed client (the same type the browser uses), over app.request. */
  const client = (token?: string) =>
    testClient(app, {}, undefined, token ? { headers: { authorization: `Bearer ${token}` } } : {}).api;

  return { app, ports, authAdmin, storage, tokenFor, call, client };
}
