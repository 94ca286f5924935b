import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EventDetail, Me } from '../src/domain/types.ts';
import { client } from '../tests/contract/helpers.ts';
import { type PostgresCluster, startPostgres } from '../tests/postgres/cluster.ts';
import { createHost, type Host } from './host.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_USERS } from './seed/demo.ts';

// The same migrations, seed and API on a real PostgreSQL (DATABASE_URL), as on Supabase.
let cluster: PostgresCluster;
let host: Host | null = null;

beforeAll(async () => {
  cluster = await startPostgres();
});

afterAll(async () => {
  await host?.close();
  await cluster?.stop();
});

async function api<T>(h: Host, path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${h.url}/functions/v1/api${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as T };
}

test('a host on PostgreSQL migrates, seeds, signs in and serves the API; a restart changes nothing', async () => {
  host = await createHost({ databaseUrl: cluster.url, port: 0 });
  const upcoming = await api<EventDetail[]>(host, '/v1/events/upcoming');
  expect(upcoming.status).toBe(200);
  expect(upcoming.body.map((e) => e.id)).toContain(DEMO_EVENTS.happeningNow.id);

  const { data, error } = await client(host).auth.signInWithPassword({
    email: DEMO_USERS.admin.email,
    password: DEMO_PASSWORD,
  });
  expect(error).toBeNull();
  const me = await api<Me>(host, '/v1/me', data.session!.access_token);
  expect(me.status).toBe(200);
  expect(me.body.permissions).toContain('write_events');

  const [before] = await host.database.db.query<{ n: number }>(
    'select count(*)::int as n from public.events',
  );
  await host.close();
  host = await createHost({ databaseUrl: cluster.url, port: 0 });
  const [after] = await host.database.db.query<{ n: number }>('select count(*)::int as n from public.events');
  expect(after!.n).toBe(before!.n);
  const ledger = await host.database.db.query('select version from supabase_migrations.schema_migrations');
  expect(ledger.length).toBeGreaterThan(0);
});

test('row-level security holds on PostgreSQL: a member reads only their own registrations', async () => {
  host ??= await createHost({ databaseUrl: cluster.url, port: 0 });
  const claims = JSON.stringify({ sub: DEMO_USERS.membro.id, role: 'authenticated' });
  const rows = await host.database.db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [claims]);
    await tx.query('set local role authenticated');
    return tx.query<{ user_id: string }>('select user_id from public.registrations');
  });
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([DEMO_USERS.membro.id]));
  const all = await host.database.db.query<{ n: number }>(
    'select count(distinct user_id)::int as n from public.registrations',
  );
  expect(all[0]!.n).toBeGreaterThanOrEqual(1);
});
