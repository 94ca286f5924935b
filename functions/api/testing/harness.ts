/**
 * Test harness (vitest only, never imported by the app): the real local host in-process on a
 * fresh in-memory database with the demo seed, the real supabase-js to sign demo users in, and
 * fetch against `${url}/functions/v1/api/...`.
 */

import { createHost } from '../../../server/host.ts';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../../server/seed/demo.ts';
import { supabaseClient } from '../../../tests/contract/helpers.ts';
import { testDatabaseOptions } from '../../../tests/postgres/databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
type Json = any;

export type Host = Awaited<ReturnType<typeof createHost>>;

export interface Harness {
  host: Host;
  url: string;
  api: string;
  /** fetch an API path (e.g. '/v1/me') with optional bearer token and JSON body */
  call(
    path: string,
    init?: {
      method?: string;
      token?: string;
      body?: unknown;
      raw?: string;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: Json; headers: Headers }>;
  /** access token of a demo user (cached) or of any e-mail/password */
  token(user: DemoUserKey | { email: string; password: string }): Promise<string>;
  count(table: string): Promise<number>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // PGlite in memory, or (postgres project) a fresh seeded database on the shared PostgreSQL.
  const host = await createHost({ dataDir: 'memory://', port: 0, ...(await testDatabaseOptions(true)) });
  const url = host.url.replace(/\/+$/, '');
  const api = `${url}/functions/v1/api`;
  const tokens = new Map<string, string>();

  async function signIn(email: string, password: string): Promise<string> {
    const client = supabaseClient(url, host.anonKey);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.session) throw new Error(`sign-in failed for ${email}: ${error?.message}`);
    return data.session.access_token;
  }

  return {
    host,
    url,
    api,
    async call(path, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const res = await fetch(`${api}${path}`, {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // keep the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async token(user) {
      const creds =
        typeof user === 'string' ? { email: DEMO_USERS[user].email, password: DEMO_PASSWORD } : user;
      const cached = tokens.get(creds.email);
      if (cached) return cached;
      const t = await signIn(creds.email, creds.password);
      tokens.set(creds.email, t);
      return t;
    },
    async count(table) {
      const rows = await host.database.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      return rows[0]!.n;
    },
    query: (sql, params) => host.database.db.query(sql, params),
    close: () => host.close(),
  };
}
