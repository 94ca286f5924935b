import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPorts } from '../../functions/api/ports/http.ts';
import type { Host } from '../../server/host.ts';
import { adminClient, client, newEmail, startHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => host?.close());

describe('GoTrue admin API (supabase-js with the service-role key)', () => {
  it('creates a confirmed user who can sign in at once, and finds and updates it', async () => {
    const admin = adminClient(host).auth.admin;
    const email = newEmail('Admin.Criado');
    const created = await admin.createUser({
      email,
      password: 'senha-forte',
      email_confirm: true,
      user_metadata: { display_name: 'Criado Pelo Admin', welcome: true },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata.display_name).toBe('Criado Pelo Admin');

    const signIn = await client(host).auth.signInWithPassword({ email, password: 'senha-forte' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);

    const byId = await admin.getUserById(user.id);
    expect(byId.data.user?.email).toBe(email.toLowerCase());

    const updated = await admin.updateUserById(user.id, {
      password: 'trocada-pelo-admin',
      user_metadata: { welcome: null, hasUser: true },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({
      display_name: 'Criado Pelo Admin',
      hasUser: true,
    });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('welcome');
    expect(
      (await client(host).auth.signInWithPassword({ email, password: 'trocada-pelo-admin' })).error,
    ).toBeNull();
  });

  it('an unconfirmed user created by the admin is confirmed by email_confirm on update', async () => {
    const admin = adminClient(host).auth.admin;
    const email = newEmail();
    const { data } = await admin.createUser({ email, password: 'senha-forte' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect((await client(host).auth.signInWithPassword({ email, password: 'senha-forte' })).error?.code).toBe(
      'email_not_confirmed',
    );
    await admin.updateUserById(data.user!.id, { email_confirm: true });
    expect((await client(host).auth.signInWithPassword({ email, password: 'senha-forte' })).error).toBeNull();
  });

  it('refuses a duplicate e-mail, an unknown id, and callers without the service-role key', async () => {
    const admin = adminClient(host).auth.admin;
    const email = newEmail();
    await admin.createUser({ email, password: 'senha-forte', email_confirm: true });
    const dup = await admin.createUser({ email: email.toUpperCase(), password: 'senha-forte' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');

    const anon = await client(host).auth.admin.createUser({ email: newEmail(), password: 'senha-forte' });
    expect(anon.error?.status).toBe(403);

    // A user's own access token is not an admin key either.
    const { data } = await client(host).auth.signInWithPassword({ email, password: 'senha-forte' });
    const res = await fetch(`${host.url}/auth/v1/admin/users`, {
      headers: { apikey: host.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-sb-error-code')).toBe('not_admin');
  });

  it('deleting a user with registrations answers 409 and keeps the user and the history', async () => {
    const admin = adminClient(host).auth.admin;
    const member = await admin.createUser({
      email: newEmail('Com.Historico'),
      password: 'senha-forte',
      email_confirm: true,
    });
    const memberId = member.data.user!.id;
    const sql = host.database.db;
    const [event] = await sql.query<{ id: string }>(
      `insert into public.events (title, starts_at) values ('Evento do histórico', now()) returning id`,
    );
    const [tier] = await sql.query<{ id: string }>(
      `insert into public.pricing_tiers (event_id, name, price) values ($1, 'Lote 1', 0) returning id`,
      [event!.id],
    );
    await sql.query(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status) values ($1, $2, $3, 0, 'paid')`,
      [memberId, tier!.id, event!.id],
    );

    const deleted = await admin.deleteUser(memberId);
    expect(deleted.error?.status).toBe(409);
    expect((await admin.getUserById(memberId)).data.user?.id).toBe(memberId);
    const kept = await sql.query('select 1 from public.registrations where user_id = $1', [memberId]);
    expect(kept).toHaveLength(1);

    const plain = await admin.createUser({
      email: newEmail('Sem.Historico'),
      password: 'senha-forte',
      email_confirm: true,
    });
    expect((await admin.deleteUser(plain.data.user!.id)).error).toBeNull();
    expect((await admin.getUserById(plain.data.user!.id)).data.user).toBeNull();
  });

  it('a soft delete keeps the row (and its history) but ends every session and every way in', async () => {
    const admin = adminClient(host).auth.admin;
    const email = newEmail('Soft.Delete');
    const created = await admin.createUser({ email, password: 'senha-forte', email_confirm: true });
    const id = created.data.user!.id;
    const member = client(host);
    const signedIn = await member.auth.signInWithPassword({ email, password: 'senha-forte' });
    expect(signedIn.error).toBeNull();
    const sql = host.database.db;
    const [event] = await sql.query<{ id: string }>(
      `insert into public.events (title, starts_at) values ('Evento da exclusão', now()) returning id`,
    );
    const [tier] = await sql.query<{ id: string }>(
      `insert into public.pricing_tiers (event_id, name, price) values ($1, 'Lote 1', 0) returning id`,
      [event!.id],
    );
    await sql.query(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status) values ($1, $2, $3, 0, 'paid')`,
      [id, tier!.id, event!.id],
    );

    expect((await admin.deleteUser(id, true)).error).toBeNull();
    expect(await sql.query('select 1 from auth.sessions where user_id = $1', [id])).toEqual([]);
    const [row] = await sql.query<{ email: string | null }>('select email from auth.users where id = $1', [
      id,
    ]);
    expect(row!.email).toBeNull();
    expect(
      (await client(host).auth.signInWithPassword({ email, password: 'senha-forte' })).error,
    ).not.toBeNull();
    const refreshed = await member.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    expect(await sql.query('select 1 from public.registrations where user_id = $1', [id])).toHaveLength(1);
  });

  it('GET /admin/users?filter= puts the exact e-mail match first', async () => {
    const admin = adminClient(host).auth.admin;
    await admin.createUser({ email: 'joana.ana@example.com', password: 'senha-forte' });
    await admin.createUser({ email: 'ana@example.com', password: 'senha-forte' });
    const res = await fetch(`${host.url}/auth/v1/admin/users?filter=ANA%40example.com`, {
      headers: { apikey: host.serviceRoleKey, authorization: `Bearer ${host.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { users: { email: string }[] };
    expect(body.users.map((u) => u.email)).toEqual(['ana@example.com', 'joana.ana@example.com']);
    expect(res.headers.get('x-total-count')).toBe('2');
  });
});

describe("the API's HTTP ports against this host", () => {
  const ports = () =>
    createHttpPorts({ supabaseUrl: host.url, anonKey: host.anonKey, serviceRoleKey: host.serviceRoleKey });

  it('authAdmin: signUp mails a confirmation and answers null for a confirmed e-mail', async () => {
    const { authAdmin } = ports();
    const email = newEmail();
    const user = await authAdmin.signUp({
      email,
      password: 'senha-forte',
      data: { display_name: 'Pela API' },
      redirectTo: `${host.url}/auth/welcome`,
    });
    expect(user?.email).toBe(email);
    expect(user?.email_confirmed_at).toBeNull();
    const [mail] = await host.mailbox.list({ to: email });
    expect(new URL(mail!.link!).searchParams.get('redirect_to')).toBe(`${host.url}/auth/welcome`);

    const other = newEmail();
    await authAdmin.createUser({ email: other, password: 'senha-forte', emailConfirm: true });
    expect(await authAdmin.signUp({ email: other, password: 'x123456', data: {} })).toBeNull();
  });

  it('authAdmin: createUser, findUserByEmail (case-insensitive), updateUser', async () => {
    const { authAdmin } = ports();
    const email = newEmail();
    const created = await authAdmin.createUser({
      email,
      password: 'senha-forte',
      emailConfirm: true,
      userMetadata: { display_name: 'Fulano' },
    });
    const found = await authAdmin.findUserByEmail(email.toUpperCase());
    expect(found?.id).toBe(created.id);
    expect(await authAdmin.findUserByEmail(newEmail('inexistente'))).toBeNull();
    const updated = await authAdmin.updateUser(created.id, {
      password: 'outra-senha',
      userMetadata: { hasUser: true },
    });
    expect(updated.user_metadata).toMatchObject({ display_name: 'Fulano', hasUser: true });
    expect((await client(host).auth.signInWithPassword({ email, password: 'outra-senha' })).error).toBeNull();
  });
});
