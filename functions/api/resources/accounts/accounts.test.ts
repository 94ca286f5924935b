import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLES, DEMO_USERS } from '../../../../server/seed/demo.ts';
import { cpfFrom } from '../../../../server/seed/index.ts';
import { authApiErrors } from '../../../../src/domain/messages/auth.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import { type Me, PERMISSIONS } from '../../../../src/domain/types.ts';
import { supabaseClient } from '../../../../tests/contract/helpers.ts';
import { createHttpAuthAdmin } from '../../ports/http.ts';
import type { AuthAdmin } from '../../ports/index.ts';
import {
  createTestApp,
  fakeAuthAdmin,
  seededDb,
  startTestHost,
  type TestHost,
  unusedDb,
} from '../../testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const newSignup = (n: string, over: Record<string, unknown> = {}) => ({
  email: `pessoa.${n}@exemplo.com`,
  password: 'segredo123',
  congregacao: DEMO_TEMPLES.sede.id,
  consentCongregation: true,
  otherChurch: null,
  phone: '(11) 98765-4321',
  cpf: cpfFrom(`9${n.padStart(8, '0')}`.slice(0, 9)),
  options: { emailRedirectTo: `${h.url}/auth/welcome`, data: { display_name: `Pessoa Teste ${n}` } },
  ...over,
});

async function counts() {
  return { users: await h.count('auth.users'), profiles: await h.count('public.profiles') };
}

describe('GET /v1/me', () => {
  it('gives admin every permission and the admin role', async () => {
    const { status, body } = await h.call('/v1/me', { token: await h.token('admin') });
    expect(status).toBe(200);
    const me = body as Me;
    expect(me.id).toBe(DEMO_USERS.admin.id);
    expect(me.email).toBe(DEMO_USERS.admin.email);
    expect(me.roles).toEqual(['admin']);
    expect([...me.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(me.profile).toMatchObject({ name: DEMO_USERS.admin.name, temple_name: 'Sede' });
  });

  it('gives each staff role its permissions', async () => {
    const perms = async (u: 'secretaria' | 'lider' | 'voluntario') =>
      ((await h.call('/v1/me', { token: await h.token(u) })).body as Me).permissions.sort();
    expect(await perms('secretaria')).toEqual([
      'create_user',
      'read_confirmations',
      'read_sensitive',
      'write_confirmations',
    ]);
    expect(await perms('lider')).toEqual(['read_confirmations', 'reports']);
    expect(await perms('voluntario')).toEqual(['checkin', 'door_sales']);
  });

  it('gives membro no role and no permission', async () => {
    const me = (await h.call('/v1/me', { token: await h.token('membro') })).body as Me;
    expect(me.roles).toEqual([]);
    expect(me.permissions).toEqual([]);
    expect(me.profile?.cpf).toMatch(/^\d{11}$/);
  });
});

describe('POST /signup', () => {
  it('creates the account and the profile, and GoTrue mails the confirmation', async () => {
    const body = newSignup('1001');
    const before = await counts();
    const res = await h.call('/signup', { json: body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const after = await counts();
    expect(after).toEqual({ users: before.users + 1, profiles: before.profiles + 1 });
    const [profile] = await h.query<Record<string, unknown>>(
      'select name, email, phone, cpf, temple_id, other_church from public.profiles where email = $1',
      [body.email],
    );
    expect(profile).toEqual({
      name: 'Pessoa Teste 1001',
      email: body.email,
      phone: '11987654321',
      cpf: body.cpf,
      temple_id: DEMO_TEMPLES.sede.id,
      other_church: null,
    });
    const mails = await h.host.mailbox.list({ to: body.email });
    expect(mails.length).toBe(1);
    // the account is not usable before confirming
    const client = supabaseClient(h.url, h.host.anonKey);
    const signIn = await client.auth.signInWithPassword({ email: body.email, password: body.password });
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('stores another church instead of a congregation', async () => {
    const body = newSignup('1002', { congregacao: null, otherChurch: 'Igreja Batista da Paz' });
    expect((await h.call('/signup', { json: body })).status).toBe(200);
    const [p] = await h.query('select temple_id, other_church from public.profiles where email = $1', [
      body.email,
    ]);
    expect(p).toEqual({ temple_id: null, other_church: 'Igreja Batista da Paz' });
  });

  it('answers 409 EMAIL_ALREADY_REGISTERED for a registered e-mail', async () => {
    const before = await counts();
    const res = await h.call('/signup', { json: newSignup('1003', { email: DEMO_USERS.admin.email }) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'EMAIL_ALREADY_REGISTERED',
      message: authApiErrors.EMAIL_ALREADY_REGISTERED,
    });
    expect(await counts()).toEqual(before);
  });

  it('answers a CPF another account holds like any signup (no lookup oracle); the owner keeps it', async () => {
    const [membro] = await h.query<{ cpf: string }>('select cpf from public.profiles where id = $1', [
      DEMO_USERS.membro.id,
    ]);
    const res = await h.call('/signup', { json: newSignup('1004', { cpf: membro!.cpf }) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const holders = await h.query<{ id: string }>(
      'select id from public.profiles where cpf = $1 and account_confirmed',
      [membro!.cpf],
    );
    expect(holders).toEqual([{ id: DEMO_USERS.membro.id }]);
  });

  it('answers 400 with the field message for bad bodies, changing nothing', async () => {
    const before = await counts();
    const cases: [unknown, string][] = [
      [{ ...newSignup('1005'), cpf: '123.456.789-00' }, validationMessages.cpf],
      [{ ...newSignup('1005'), email: 'nao-e-email' }, validationMessages.email],
      [{ ...newSignup('1005'), password: '123' }, validationMessages.passwordMin],
      [{ ...newSignup('1005'), phone: '123' }, validationMessages.phone],
      [{ ...newSignup('1005'), options: { data: { display_name: 'Pessoa' } } }, validationMessages.fullName],
      [{ ...newSignup('1005'), congregacao: null, otherChurch: '' }, validationMessages.temple],
      [
        { ...newSignup('1005'), congregacao: '11111111-1111-4111-8111-111111111111' },
        validationMessages.temple,
      ],
      [{ ...newSignup('1005'), email: undefined }, validationMessages.required],
      [{ ...newSignup('1005'), email: 42 }, validationMessages.required],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('/signup', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ code: 'INVALID_DATA', message });
    }
    for (const raw of ['{bad json', '[]', 'null', '"x"', '42']) {
      const res = await h.call('/signup', { raw });
      expect(res.status, raw).toBe(400);
      expect(res.body.code).toBe('INVALID_DATA');
    }
    const empty = await h.call('/signup', { method: 'POST' });
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses a huge body with 413 TOO_LARGE', async () => {
    const res = await h.call('/signup', {
      raw: JSON.stringify({ ...newSignup('1006'), pad: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('TOO_LARGE');
  });
});

describe('POST /v1/welcome', () => {
  it('creates the profile of a user without one and marks the user welcomed', async () => {
    const admin = createHttpAuthAdmin({
      supabaseUrl: h.url,
      anonKey: h.host.anonKey,
      serviceRoleKey: h.host.serviceRoleKey,
    });
    const email = 'google.user@exemplo.com';
    const user = await admin.createUser({
      email,
      password: 'segredo123',
      emailConfirm: true,
      userMetadata: { full_name: 'Gabriela Google Silva' },
    });
    const token = await h.token({ email, password: 'segredo123' });

    // invalid body: 400 with the CPF message, nothing created
    const bad = await h.call('/v1/welcome', {
      token,
      json: {
        congregacao: DEMO_TEMPLES.sede.id,
        fromOtherChurch: false,
        otherChurch: '',
        consentCongregation: true,
        phone: '11987654321',
        cpf: '111',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'INVALID_DATA', message: validationMessages.cpf });
    // no profile: an empty body is not enough
    expect((await h.call('/v1/welcome', { token, method: 'POST' })).status).toBe(400);
    expect(await h.query('select 1 from public.profiles where id = $1', [user.id])).toEqual([]);

    const ok = await h.call('/v1/welcome', {
      token,
      json: {
        congregacao: null,
        fromOtherChurch: true,
        otherChurch: 'Comunidade Vida Nova',
        consentCongregation: true,
        phone: '(31) 99876-1234',
        cpf: '529.982.247-25',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    const [profile] = await h.query(
      'select name, email, phone, cpf, temple_id, other_church from public.profiles where id = $1',
      [user.id],
    );
    expect(profile).toEqual({
      name: 'Gabriela Google Silva',
      email,
      phone: '31998761234',
      cpf: '52998224725',
      temple_id: null,
      other_church: 'Comunidade Vida Nova',
    });
    const updated = await admin.findUserByEmail(email);
    expect(updated?.user_metadata).toMatchObject({
      welcome: true,
      hasUser: true,
      full_name: 'Gabriela Google Silva',
    });

    // with a profile, an empty body is fine
    expect((await h.call('/v1/welcome', { token, method: 'POST' })).status).toBe(200);
  });

  it('answers 409 when the CPF belongs to another account', async () => {
    const admin = createHttpAuthAdmin({
      supabaseUrl: h.url,
      anonKey: h.host.anonKey,
      serviceRoleKey: h.host.serviceRoleKey,
    });
    const email = 'outra.pessoa@exemplo.com';
    await admin.createUser({
      email,
      password: 'segredo123',
      emailConfirm: true,
      userMetadata: { name: 'Outra Pessoa' },
    });
    const token = await h.token({ email, password: 'segredo123' });
    const [membro] = await h.query<{ cpf: string }>('select cpf from public.profiles where id = $1', [
      DEMO_USERS.membro.id,
    ]);
    const res = await h.call('/v1/welcome', {
      token,
      json: {
        consentCongregation: true,
        congregacao: DEMO_TEMPLES.sede.id,
        phone: '11987654321',
        cpf: membro!.cpf,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CPF_ALREADY_REGISTERED');
  });

  it('needs a token', async () => {
    expect((await h.call('/v1/welcome', { json: {} })).status).toBe(401);
  });
});

describe('accounts (in-process)', () => {
  let db: Awaited<ReturnType<typeof seededDb>>;
  beforeAll(async () => {
    db = await seededDb();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    email: 'pessoa.inprocess@exemplo.com',
    password: 'segredo123',
    congregacao: null,
    otherChurch: 'Comunidade Vida Nova',
    consentCongregation: true,
    phone: '(11) 98765-4321',
    cpf: cpfFrom('977000001'),
    options: { emailRedirectTo: null, data: { display_name: 'Pessoa Em Processo' } },
    ...over,
  });

  it('answers 400 with the schema message before the database or GoTrue is reached', async () => {
    const t = createTestApp({ db: unusedDb });
    const cases: [unknown, string][] = [
      [body({ cpf: '123.456.789-00' }), validationMessages.cpf],
      [body({ phone: '123' }), validationMessages.phone],
      [body({ otherChurch: null }), validationMessages.temple],
      [body({ email: 42 }), validationMessages.required],
      [body({ options: { data: {} } }), validationMessages.fullName],
      [
        body({ options: { emailRedirectTo: 'not a url', data: { display_name: 'Pessoa Teste' } } }),
        apiErrors.INVALID_DATA,
      ],
    ];
    for (const [json, message] of cases) {
      expect(await t.call('/signup', { json }), JSON.stringify(json)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_DATA', message },
      });
    }
    expect(await t.call('/signup', { raw: '{bad json' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_DATA', message: apiErrors.INVALID_DATA },
    });
    expect(t.authAdmin.users.size).toBe(0);
  });

  // An unconfirmed profile holds no CPF (the confirmer settles it), so a race tells nothing either.
  it('answers a CPF confirmed by another account during the signup as it answers success', async () => {
    const cpf = cpfFrom('977000002');
    const fake = fakeAuthAdmin(db.db);
    // another signup takes the CPF after the early check, while GoTrue creates this user
    const racing: AuthAdmin = {
      ...fake,
      async signUp(input) {
        const other = await fake.createUser({
          email: 'corrida@exemplo.com',
          password: 'x',
          emailConfirm: true,
        });
        await db.db.query(
          `insert into public.profiles (id, name, email, phone, cpf, other_church)
           values ($1, 'Outra Pessoa', 'corrida@exemplo.com', '11987654321', $2, 'Outra')`,
          [other.id, cpf.replace(/\D/g, '')],
        );
        return fake.signUp(input);
      },
    };
    const t = createTestApp({ db: db.db, authAdmin: racing });
    const res = await t.call('/signup', { json: body({ email: 'pessoa.corrida@exemplo.com', cpf }) });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('creates the profile from the validated body (digits only)', async () => {
    const t = createTestApp({ db: db.db });
    const res = await t.client().signup.$post({ json: body() });
    expect(res.status).toBe(200);
    const user = t.authAdmin.users.get('pessoa.inprocess@exemplo.com')!;
    const [profile] = await db.db.query(
      'select phone, cpf, other_church, temple_id from public.profiles where id = $1',
      [user.id],
    );
    expect(profile).toEqual({
      phone: '11987654321',
      cpf: cpfFrom('977000001').replace(/\D/g, ''),
      other_church: 'Comunidade Vida Nova',
      temple_id: null,
    });
  });

  it('GET /v1/me: profile, roles and permissions of the token user', async () => {
    const t = createTestApp({ db: db.db });
    const res = await t.client(t.tokenFor('lider')).v1.me.$get();
    const me = await res.json();
    expect(me).toMatchObject({ id: DEMO_USERS.lider.id, roles: ['lider'] });
    expect([...me.permissions].sort()).toEqual(['read_confirmations', 'reports']);
    expect((await t.call('/v1/me')).status).toBe(401);
  });
});
