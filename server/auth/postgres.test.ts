import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient, client, lastMail, newEmail, openLink } from '../../tests/contract/helpers.ts';
import { type PostgresCluster, startPostgres } from '../../tests/postgres/cluster.ts';
import { createHost, type Host } from '../host.ts';

// E-mail links and metadata on a real PostgreSQL (postgres.js): jsonb must be stored as objects.
let cluster: PostgresCluster;
let host: Host;

beforeAll(async () => {
  cluster = await startPostgres();
  host = await createHost({ databaseUrl: cluster.url, dataDir: 'memory://', port: 0 });
});

afterAll(async () => {
  await host?.close();
  await cluster?.stop();
});

test('signup → confirmation link → recovery link; user_metadata in the token is an object', async () => {
  const email = newEmail('pg');
  const redirectTo = `${host.url}/auth/welcome`;
  const signup = await client(host).auth.signUp({
    email,
    password: 'segredo123',
    options: { emailRedirectTo: redirectTo, data: { display_name: 'Maria PG' } },
  });
  expect(signup.error).toBeNull();

  const confirmed = await openLink((await lastMail(host, email)).link!);
  expect(confirmed.status).toBe(303);
  expect(confirmed.fragment.error_code).toBeUndefined();
  expect(confirmed.fragment.type).toBe('signup');
  const claims = decodeJwt(confirmed.fragment.access_token!);
  expect(typeof claims.user_metadata).toBe('object');
  expect(claims.user_metadata).toMatchObject({ display_name: 'Maria PG', email_verified: true });
  expect(claims.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });

  expect((await client(host).auth.resetPasswordForEmail(email)).error).toBeNull();
  const recovery = await openLink((await lastMail(host, email)).link!);
  expect(recovery.fragment.error_code).toBeUndefined();
  expect(recovery.fragment.type).toBe('recovery');

  // updateUser (the welcome flag) round-trips as an object too.
  const sb = client(host);
  await sb.auth.setSession({
    access_token: recovery.fragment.access_token!,
    refresh_token: recovery.fragment.refresh_token!,
  });
  const updated = await sb.auth.updateUser({ data: { welcome: true } });
  expect(updated.error).toBeNull();
  const refreshed = await sb.auth.refreshSession();
  expect(decodeJwt(refreshed.data.session!.access_token).user_metadata).toMatchObject({
    display_name: 'Maria PG',
    welcome: true,
  });

  const rows = await host.database.db.query<{ u: string; a: string; i: string }>(
    `select jsonb_typeof(u.raw_user_meta_data) as u, jsonb_typeof(u.raw_app_meta_data) as a,
            jsonb_typeof(i.identity_data) as i
       from auth.users u join auth.identities i on i.user_id = u.id where u.email = $1`,
    [email],
  );
  expect(rows).toEqual([{ u: 'object', a: 'object', i: 'object' }]);
});

test('admin metadata, seed rows and storage metadata are objects on PostgreSQL', async () => {
  const { data, error } = await adminClient(host).auth.admin.createUser({
    email: newEmail('pg-admin'),
    password: 'segredo123',
    email_confirm: true,
    user_metadata: { name: 'Admin PG' },
  });
  expect(error).toBeNull();
  expect(data.user?.user_metadata).toMatchObject({ name: 'Admin PG' });
  const upd = await adminClient(host).auth.admin.updateUserById(data.user!.id, {
    app_metadata: { extra: 1 },
  });
  expect(upd.data.user?.app_metadata).toMatchObject({ extra: 1 });

  const types = await host.database.db.query<{ t: string; n: number }>(
    `select t, count(*)::int as n from (
       select jsonb_typeof(raw_user_meta_data) as t from auth.users
       union all select jsonb_typeof(raw_app_meta_data) from auth.users
       union all select jsonb_typeof(identity_data) from auth.identities
       union all select jsonb_typeof(metadata) from storage.objects) x group by t`,
  );
  expect(types.map((r) => r.t)).toEqual(['object']);
  expect(types[0]!.n).toBeGreaterThan(10); // the demo seed's users, identities and objects are in
});
