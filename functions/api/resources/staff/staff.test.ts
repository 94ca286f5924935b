import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffApiErrors, staffMessages } from '../../../../src/domain/messages/staff.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import type { PersonDetail, UserSearchPage } from '../../../../src/domain/staff.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';

// The staff's people tools on a bare migrated database (PGlite in the unit project, a real
// PostgreSQL in the postgres project): people, congregations and roles made here.
const { database, t } = apiSuite();

const TEMPLE_A = randomUUID();
const TEMPLE_B = randomUUID();

interface Person {
  id: string;
  email: string;
  name: string;
}
const people: Record<string, Person> = {};
/** One token per kind of staff: each seeded role, plus roles holding a single permission. */
const tokens: Record<string, string> = {};

async function addPerson(
  key: string,
  name: string,
  opts: { roles?: string[]; temple?: string | null; cpf?: string; phone?: string } = {},
): Promise<Person> {
  const db = database.db;
  const [id] = await makeUsers(db, 1);
  const email = `${key}@teste.local`;
  await db.query('update auth.users set email = $2, email_confirmed_at = now() where id = $1', [id, email]);
  await db.query(
    // makeUsers gave a complete profile: this person's own replaces it
    `insert into public.profiles (id, name, email, temple_id, cpf, phone) values ($1, $2, $3, $4, $5, $6)
     on conflict (id) do update set name = excluded.name, email = excluded.email, temple_id = excluded.temple_id,
       cpf = excluded.cpf, phone = excluded.phone, other_church = null`,
    [
      id,
      name,
      email,
      opts.temple === undefined ? TEMPLE_A : opts.temple,
      opts.cpf ?? null,
      opts.phone ?? null,
    ],
  );
  for (const role of opts.roles ?? []) {
    await db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [id, role]);
  }
  const person = { id: id!, email, name };
  people[key] = person;
  tokens[key] = t.tokenFor({ id: person.id, email });
  return person;
}

beforeAll(async () => {
  const db = database.db;
  await db.query(
    `insert into public.temples (id, name, regional) values ($1, 'Congregação Água Branca', 'Oeste'), ($2, 'Congregação Penha', 'Leste')`,
    [TEMPLE_A, TEMPLE_B],
  );
  // roles holding one permission each, to check every permission alone
  await db.query(`insert into public.roles (name) values ('so_cadastro'), ('so_senhas'), ('so_relatorios')`);
  await db.query(
    `insert into public.role_permissions (role, permission) values
       ('so_cadastro', 'create_user'), ('so_senhas', 'write_confirmations'), ('so_relatorios', 'reports')`,
  );
  await addPerson('admin', 'Ana Beatriz Souza', { roles: ['admin'] });
  await addPerson('admin2', 'Otávio Administrador', { roles: ['admin'] });
  await addPerson('secretaria', 'Sérgio Almeida Costa', { roles: ['secretaria'] });
  await addPerson('lider', 'Lucas Pereira Lima', { roles: ['lider'] });
  await addPerson('voluntario', 'Vitória Ramos Dias', { roles: ['voluntario'] });
  await addPerson('cadastro', 'Carla Cadastro', { roles: ['so_cadastro'] });
  await addPerson('senhas', 'Silvio Senhas', { roles: ['so_senhas'] });
  await addPerson('relatorios', 'Renato Relatórios', { roles: ['so_relatorios'] });
  await addPerson('membro', 'Mateus Oliveira Santos', { cpf: '52998224725', phone: '21998760005' });
  // a complete profile (CPF, WhatsApp): she checks out herself below
  await addPerson('angela', 'Ângela Conceição Ribeiro', {
    temple: TEMPLE_B,
    cpf: '11144477735',
    phone: '21998760006',
  });
  // enough people to need three pages
  const many = await makeUsers(db, 45);
  await db.query(
    `insert into public.profiles (id, name, email, temple_id)
     select id, 'Pessoa Paginada ' || lpad(n::text, 2, '0'), id::text || '@pagina.local', $2
       from unnest($1::uuid[]) with ordinality as u(id, n)
     on conflict (id) do update set name = excluded.name, email = excluded.email,
       temple_id = excluded.temple_id, other_church = null`,
    [many, TEMPLE_B],
  );
}, 120_000);

const call = (
  path: string,
  token?: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => t.call(path, { ...init, ...(token ? { token } : {}) });

const search = async (query: string, who = 'secretaria') => {
  const res = await call(`/v1/admin/users/search${query}`, tokens[who]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UserSearchPage;
};

describe('permissions on every staff route', () => {
  const signupBody = () => ({ email: `perm-${randomUUID().slice(0, 8)}@exemplo.com`, tier: randomUUID() });
  const routes = [
    { name: 'search', perms: ['read_confirmations'], req: () => ['/v1/admin/users/search?q=a', {}] as const },
    {
      name: 'person',
      perms: ['read_confirmations'],
      req: () => [`/v1/admin/users/${people.membro!.id}`, {}] as const,
    },
    {
      name: 'grant',
      perms: ['admin'],
      req: () => [`/v1/admin/users/${people.membro!.id}/roles/lider`, { method: 'PUT' }] as const,
    },
    {
      name: 'revoke',
      perms: ['admin'],
      req: () => [`/v1/admin/users/${people.membro!.id}/roles/lider`, { method: 'DELETE' }] as const,
    },
    {
      name: 'signup events',
      perms: ['read_confirmations', 'create_user'],
      req: () => ['/v1/admin/single-page-signup/events', {}] as const,
    },
    {
      name: 'signup lookup',
      perms: ['read_confirmations', 'create_user'],
      req: () => ['/v1/admin/single-page-signup/lookup?email=membro%40teste.local', {}] as const,
    },
    {
      name: 'signup',
      perms: ['read_confirmations', 'create_user'],
      // an unknown tier: allowed callers get 422, the others 401/403 before the body is read
      req: () => ['/v1/admin/single-page-signup', { method: 'POST', json: signupBody() }] as const,
    },
    {
      name: 'pwd-reset',
      perms: ['write_confirmations'],
      req: () =>
        [
          '/v1/admin/pwd-reset',
          { method: 'POST', json: { email: 'ninguem@teste.local', pwd: 'segredo1' } },
        ] as const,
    },
  ];
  // what each caller holds
  const holds: Record<string, string[]> = {
    admin: ['admin', 'read_confirmations', 'write_confirmations', 'create_user', 'reports', 'checkin'],
    secretaria: ['read_confirmations', 'write_confirmations', 'create_user'],
    lider: ['reports', 'read_confirmations'],
    voluntario: ['checkin'],
    cadastro: ['create_user'],
    senhas: ['write_confirmations'],
    relatorios: ['reports'],
    membro: [],
  };

  it('401 without a token on every route', async () => {
    for (const route of routes) {
      const [path, init] = route.req();
      expect((await call(path, undefined, init)).status, route.name).toBe(401);
    }
  });

  it('403 FORBIDDEN exactly for callers without the permission', async () => {
    for (const route of routes) {
      for (const [who, perms] of Object.entries(holds)) {
        const [path, init] = route.req();
        const res = await call(path, tokens[who], init);
        const allowed = route.perms.some((p) => perms.includes(p));
        if (allowed) expect(res.status, `${route.name} as ${who}: ${JSON.stringify(res.body)}`).not.toBe(403);
        else
          expect(res, `${route.name} as ${who}`).toMatchObject({
            status: 403,
            body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN },
          });
      }
    }
  });
});

describe('GET /v1/admin/users/search', () => {
  it('finds part of a name with accents and case typed differently', async () => {
    for (const q of ['angela', 'ÂNGELA conceicao', 'conceição', 'CONCEICAO rib']) {
      const page = await search(`?q=${encodeURIComponent(q)}`);
      expect(
        page.items.map((u) => u.id),
        q,
      ).toEqual([people.angela!.id]);
    }
    const page = await search('?q=sergio');
    expect(page.items[0]).toMatchObject({ id: people.secretaria!.id, roles: ['secretaria'] });
    expect(page.items[0]!.temple_name).toBe('Congregação Água Branca');
  });

  it('finds by e-mail, CPF (masked or not) and phone', async () => {
    const ids = async (q: string) => (await search(`?q=${encodeURIComponent(q)}`)).items.map((u) => u.id);
    expect(await ids('membro@teste')).toEqual([people.membro!.id]);
    expect(await ids('529.982.247-25')).toEqual([people.membro!.id]);
    expect(await ids('52998224725')).toEqual([people.membro!.id]);
    expect(await ids('(21) 99876-0005')).toEqual([people.membro!.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('filters by congregation and pages by 20, sorted by name', async () => {
    const first = await search(`?q=paginada&temple_id=${TEMPLE_B}`);
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.name).toBe('Pessoa Paginada 01');
    const third = await search(`?q=paginada&temple_id=${TEMPLE_B}&page=3`);
    expect(third.items.map((u) => u.name)).toEqual(
      ['41', '42', '43', '44', '45'].map((n) => `Pessoa Paginada ${n}`),
    );
    expect((await search(`?q=paginada&temple_id=${TEMPLE_A}`)).total).toBe(0);
    const inB = await search(`?temple_id=${TEMPLE_B}`);
    expect(inB.total).toBe(46);
    expect(inB.items.every((u) => u.temple_id === TEMPLE_B)).toBe(true);
  });

  it('a CPF matches only whole; deleted accounts are left out; every search is audited', async () => {
    const ids = async (q: string) => (await search(`?q=${encodeURIComponent(q)}`)).items.map((u) => u.id);
    // fragments of Mateus's CPF (52998224725) and phone find nobody
    for (const q of ['56789', '98224', '529982', '2247', '0005']) expect(await ids(q), q).toEqual([]);
    const gone = await addPerson('excluida', 'Conta Excluída Teste', { cpf: '39053344705' });
    expect(await ids('39053344705')).toEqual([gone.id]);
    await database.db.query('update public.profiles set deleted_at = now() where id = $1', [gone.id]);
    expect(await ids('39053344705')).toEqual([]);
    expect(await ids('excluida')).toEqual([]);

    const before = await database.db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'person.search' and actor_id = $1`,
      [people.secretaria!.id],
    );
    expect(await ids('52998224725')).toEqual([people.membro!.id]);
    const rows = await database.db.query<{ subject_id: string | null; details: { q: string } }>(
      `select subject_id, details from public.audit_log where action = 'person.search' and actor_id = $1
        order by created_at desc limit 2`,
      [people.secretaria!.id],
    );
    const [after] = await database.db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'person.search' and actor_id = $1`,
      [people.secretaria!.id],
    );
    expect(after!.n).toBe(before[0]!.n + 2);
    expect(rows.map((r) => r.subject_id).sort()).toEqual([people.membro!.id, null].sort());
    expect(rows.every((r) => r.details.q === '52998224725')).toBe(true);
  });

  it('a leader finds and opens only the people of their own congregation', async () => {
    // Lucas (lider) is of Água Branca (TEMPLE_A); Ângela is of Penha (TEMPLE_B)
    const mine = await search('?q=', 'lider');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((u) => u.temple_id === TEMPLE_A)).toBe(true);
    expect((await search('?q=angela', 'lider')).items).toEqual([]);
    expect((await search(`?temple_id=${TEMPLE_B}`, 'lider')).total).toBe(0);
    expect((await call(`/v1/admin/users/${people.angela!.id}`, tokens.lider)).status).toBe(404);
    expect((await call(`/v1/admin/users/${people.membro!.id}`, tokens.lider)).status).toBe(200);
    // the secretaria sees everyone
    expect((await search('?q=angela')).items.map((u) => u.id)).toEqual([people.angela!.id]);
  });

  it('answers bad filters with 400 in Portuguese, never a 500', async () => {
    for (const bad of ['temple_id=nope', 'page=0', 'page=-1', 'page=abc', `q=${'x'.repeat(200)}`]) {
      const res = await call(`/v1/admin/users/search?${bad}`, tokens.secretaria);
      expect(res, bad).toMatchObject({ status: 400, body: { code: 'INVALID_DATA' } });
    }
  });
});

describe('a person, roles and the audit', () => {
  it('shows the profile and registrations with attempts; only an admin sees roles to grant and the audit', async () => {
    const fx = await makeEvent(database.db, { total: 10 });
    const made = await call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, tokens.angela, {
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(made.status).toBe(201);
    const asStaff = await call(`/v1/admin/users/${people.angela!.id}`, tokens.secretaria);
    expect(asStaff.status).toBe(200);
    const detail = asStaff.body as PersonDetail;
    expect(detail.profile).toMatchObject({
      name: 'Ângela Conceição Ribeiro',
      temple_name: 'Congregação Penha',
    });
    expect(detail.registrations).toHaveLength(1);
    expect(detail.registrations[0]).toMatchObject({ event_id: fx.eventId, status: 'pending' });
    expect(detail.registrations[0]!.attempts).toEqual([
      expect.objectContaining({ strategy: 'cash', status: 'pending' }),
    ]);
    expect(detail).toMatchObject({ canManageRoles: false, audit: null, availableRoles: [] });

    const asAdmin = (await call(`/v1/admin/users/${people.angela!.id}`, tokens.admin)).body as PersonDetail;
    expect(asAdmin.canManageRoles).toBe(true);
    expect(asAdmin.availableRoles.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'lider']));
    expect(asAdmin.audit).toEqual([]);

    expect((await call(`/v1/admin/users/${randomUUID()}`, tokens.secretaria)).status).toBe(404);
    expect((await call('/v1/admin/users/nope', tokens.secretaria)).status).toBe(404);
  });

  it('an admin grants and revokes a role; each change is audited with who, when and from where', async () => {
    const path = `/v1/admin/users/${people.membro!.id}/roles/lider`;
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const granted = await call(path, tokens.admin, { method: 'PUT', headers });
    expect(granted).toMatchObject({ status: 200, body: { roles: ['lider'], changed: true } });
    // again: nothing changes, nothing audited
    expect((await call(path, tokens.admin, { method: 'PUT', headers })).body).toMatchObject({
      changed: false,
    });
    const revoked = await call(path, tokens.admin, { method: 'DELETE', headers });
    expect(revoked).toMatchObject({ status: 200, body: { roles: [], changed: true } });

    const detail = (await call(`/v1/admin/users/${people.membro!.id}`, tokens.admin)).body as PersonDetail;
    // (the permission checks above granted and revoked too, from no address)
    const fromHere = detail.audit!.filter((a) => a.client_ip === '203.0.113.7');
    expect(fromHere.map((a) => [a.action, a.details.role, a.client_ip, a.actor_email])).toEqual([
      ['role.revoke', 'lider', '203.0.113.7', people.admin!.email],
      ['role.grant', 'lider', '203.0.113.7', people.admin!.email],
    ]);
    expect(Date.parse(detail.audit![0]!.created_at)).not.toBeNaN();
  });

  it('refuses an unknown role, a person who does not exist and removing your own admin role', async () => {
    expect(
      (await call(`/v1/admin/users/${people.membro!.id}/roles/dono`, tokens.admin, { method: 'PUT' })).status,
    ).toBe(404);
    expect(
      (await call(`/v1/admin/users/${randomUUID()}/roles/lider`, tokens.admin, { method: 'PUT' })).status,
    ).toBe(404);
    const own = await call(`/v1/admin/users/${people.admin!.id}/roles/admin`, tokens.admin, {
      method: 'DELETE',
    });
    expect(own).toMatchObject({
      status: 409,
      body: { code: 'OWN_ADMIN_ROLE', message: staffApiErrors.OWN_ADMIN_ROLE },
    });
  });
});

describe('POST /v1/admin/pwd-reset', () => {
  it("sets the password, ends the person's sessions and is audited", async () => {
    const db = database.db;
    await db.query('insert into auth.sessions (user_id) values ($1), ($1)', [people.membro!.id]);
    t.authAdmin.users.set(people.membro!.email, {
      id: people.membro!.id,
      email: people.membro!.email,
      email_confirmed_at: new Date().toISOString(),
      user_metadata: {},
      app_metadata: {},
    });
    const res = await call('/v1/admin/pwd-reset', tokens.secretaria, {
      method: 'POST',
      json: { email: 'MEMBRO@teste.local', pwd: 'novasenha' },
      headers: { 'x-forwarded-for': '198.51.100.20, 10.0.0.1' },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const [left] = await db.query<{ n: number }>(
      'select count(*)::int as n from auth.sessions where user_id = $1',
      [people.membro!.id],
    );
    expect(left!.n).toBe(0);
    const [audit] = await db.query<{ action: string; actor_id: string; client_ip: string }>(
      `select action, actor_id, client_ip from public.audit_log where subject_id = $1 and action = 'password.reset'`,
      [people.membro!.id],
    );
    expect(audit).toEqual({
      action: 'password.reset',
      actor_id: people.secretaria!.id,
      client_ip: '198.51.100.20',
    });
  });

  it('resets only a person whose permissions the staff member all holds; unknown e-mails and short passwords are refused', async () => {
    const json = { email: people.admin!.email, pwd: 'outrasenha' };
    const forbidden = {
      status: 403,
      body: { code: 'PASSWORD_RESET_FORBIDDEN', message: staffApiErrors.PASSWORD_RESET_FORBIDDEN },
    };
    expect(await call('/v1/admin/pwd-reset', tokens.secretaria, { method: 'POST', json })).toMatchObject(
      forbidden,
    );
    // a leader reads reports, which a secretaria may not: she cannot take the leader's account
    const leader = { email: people.lider!.email, pwd: 'tomada123' };
    expect(
      await call('/v1/admin/pwd-reset', tokens.secretaria, { method: 'POST', json: leader }),
    ).toMatchObject(forbidden);
    const [still] = await database.db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where subject_id = $1 and action = 'password.reset'`,
      [people.lider!.id],
    );
    expect(still!.n).toBe(0);
    expect((await call('/v1/admin/pwd-reset', tokens.admin2, { method: 'POST', json })).status).toBe(200);
    expect((await call('/v1/admin/pwd-reset', tokens.admin2, { method: 'POST', json: leader })).status).toBe(
      200,
    );
    expect(
      await call('/v1/admin/pwd-reset', tokens.secretaria, {
        method: 'POST',
        json: { email: 'ninguem@teste.local', pwd: 'segredo1' },
      }),
    ).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect(
      await call('/v1/admin/pwd-reset', tokens.secretaria, {
        method: 'POST',
        json: { email: people.membro!.email, pwd: '12345' },
      }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_DATA', message: validationMessages.passwordMin } });
    expect(
      await call('/v1/admin/pwd-reset', tokens.secretaria, {
        method: 'POST',
        json: { email: 'x', pwd: '123456' },
      }),
    ).toMatchObject({ status: 400, body: { code: 'INVALID_DATA' } });
  });
});

describe('POST /v1/admin/single-page-signup', () => {
  const signup = (json: Record<string, unknown>, who = 'secretaria') =>
    call('/v1/admin/single-page-signup', tokens[who], {
      method: 'POST',
      json,
      headers: { origin: 'http://app.test' },
    });

  it('creates a new account with its profile and a pending cash registration, and invites the person', async () => {
    const fx = await makeEvent(database.db, { total: 5, methods: ['mp_pix'] });
    const email = `nova-${randomUUID().slice(0, 8)}@exemplo.com`;
    const res = await signup(
      { email, tier: fx.tierId, temple_id: TEMPLE_A, voucher: '', name: 'Nova Pessoa Silva' },
      'cadastro',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ created: true, status: 'pending', strategy: 'cash' });
    expect(await tierAvailable(database.db, fx.tierId)).toBe(4);
    expect(t.authAdmin.invites.at(-1)).toEqual({ email, redirectTo: 'http://app.test/auth/reset-password' });
    const [profile] = await database.db.query<{ name: string; temple_id: string }>(
      'select name, temple_id from public.profiles where id = $1',
      [res.body.user_id],
    );
    expect(profile).toEqual({ name: 'Nova Pessoa Silva', temple_id: TEMPLE_A });
    const [audit] = await database.db.query<{ actor_id: string; action: string }>(
      'select actor_id, action from public.audit_log where subject_id = $1',
      [res.body.user_id],
    );
    expect(audit).toEqual({ actor_id: people.cadastro!.id, action: 'registration.create' });
  });

  it('changes an existing person’s congregation only with the consent staff confirm at the desk', async () => {
    const fx = await makeEvent(database.db, { total: 5 });
    const person = await addPerson('consentida', 'Pessoa Consentida', { temple: TEMPLE_A });
    const [before] = await database.db.query<{ temple_id: string | null }>(
      'select temple_id from public.profiles where id = $1',
      [person.id],
    );
    const other = before!.temple_id === TEMPLE_B ? TEMPLE_A : TEMPLE_B;
    const refused = await signup({
      email: person.email,
      tier: fx.tierId,
      temple_id: other,
      update_temple: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(staffMessages.templeConsentRequired);
    const [unchanged] = await database.db.query<{ temple_id: string | null }>(
      'select temple_id from public.profiles where id = $1',
      [person.id],
    );
    expect(unchanged!.temple_id).toBe(before!.temple_id);
    const done = await signup({
      email: person.email,
      tier: fx.tierId,
      temple_id: other,
      update_temple: true,
      temple_consent: true,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const [audit] = await database.db.query<{ details: Record<string, unknown> }>(
      `select details from public.audit_log where subject_id = $1 and action = 'profile.update'
        order by created_at desc limit 1`,
      [person.id],
    );
    expect(audit!.details).toMatchObject({ field: 'temple_id', to: other, consent: 'desk' });
  });

  it('registers an existing person, updates the congregation when asked, and pays with a voucher', async () => {
    const fx = await makeEvent(database.db, { total: 5 });
    await database.db.query(
      `insert into public.vouchers (code, event_id, tier_id) values ('vale2026', $1, $2)`,
      [fx.eventId, fx.tierId],
    );
    const invites = t.authAdmin.invites.length;
    const res = await signup({
      email: people.membro!.email,
      tier: fx.tierId,
      temple_id: TEMPLE_B,
      update_temple: true,
      temple_consent: true,
      voucher: 'VALE-2026',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      created: false,
      user_id: people.membro!.id,
      status: 'paid',
      strategy: 'voucher',
    });
    // a confirmed account gets no invitation
    expect(t.authAdmin.invites.length).toBe(invites);
    const [profile] = await database.db.query<{ temple_id: string }>(
      'select temple_id from public.profiles where id = $1',
      [people.membro!.id],
    );
    expect(profile!.temple_id).toBe(TEMPLE_B);
    const [voucher] = await database.db.query<{ used_by: string }>(
      `select used_by from public.vouchers where code = 'vale2026'`,
    );
    expect(voucher!.used_by).toBe(people.membro!.id);

    // the same person again on the same event
    const again = await signup({ email: people.membro!.email, tier: fx.tierId });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'USER_ALREADY_REGISTERED', message: staffApiErrors.USER_ALREADY_REGISTERED },
    });
  });

  it('an invalid voucher or a sold-out tier leaves nothing behind: no account, no place taken', async () => {
    const fx = await makeEvent(database.db, { total: 1 });
    const email = `falha-${randomUUID().slice(0, 8)}@exemplo.com`;
    const bad = await signup({ email, tier: fx.tierId, voucher: 'ZZZZ-ZZZZ' });
    expect(bad).toMatchObject({ status: 422, body: { code: 'VOUCHER_INVALID' } });
    expect(await tierAvailable(database.db, fx.tierId)).toBe(1);
    const [gone] = await database.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    expect(gone!.n).toBe(0);

    expect((await signup({ email: people.lider!.email, tier: fx.tierId })).status).toBe(201);
    const soldOut = await signup({ email, tier: fx.tierId });
    expect(soldOut).toMatchObject({ status: 409, body: { code: 'TIER_UNAVAILABLE' } });
    expect((await signup({ email, tier: randomUUID() })).status).toBe(422);
    expect((await signup({ email: 'não é e-mail', tier: fx.tierId })).status).toBe(400);
    expect((await signup({ email, tier: fx.tierId, temple_id: randomUUID() })).status).toBe(400);
  });

  it('a tier not begun or ended is refused saying which and when, leaving nothing behind', async () => {
    const email = `janela-${randomUUID().slice(0, 8)}@exemplo.com`;
    const waiting = await makeEvent(database.db, {
      tierName: 'Lote futuro',
      tierStartsAt: new Date('2099-03-01T13:00:00Z'),
    });
    const ended = await makeEvent(database.db, {
      tierName: 'Lote antigo',
      tierEndsAt: new Date('2020-03-01T13:00:00Z'),
    });
    expect(await signup({ email, tier: waiting.tierId })).toMatchObject({
      status: 422,
      body: {
        code: 'TIER_NOT_OPEN',
        message: 'As inscrições do lote Lote futuro só abrem em 01/03/2099 10:00.',
      },
    });
    expect(await signup({ email, tier: ended.tierId })).toMatchObject({
      status: 422,
      body: {
        code: 'TIER_NOT_OPEN',
        message: 'As inscrições do lote Lote antigo encerraram em 01/03/2020 10:00.',
      },
    });
    const [made] = await database.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    expect(made!.n).toBe(0);
  });

  it('answers what happened: account created and invited, or found (invited again while unconfirmed)', async () => {
    const fx = await makeEvent(database.db, { total: 5 });
    const email = `resultado-${randomUUID().slice(0, 8)}@exemplo.com`;
    const created = await signup({ email, tier: fx.tierId, name: 'Rita Resultado Lima' });
    expect(created.body).toMatchObject({
      created: true,
      invited: true,
      name: 'Rita Resultado Lima',
      email,
      status: 'pending',
      strategy: 'cash',
    });
    const other = await makeEvent(database.db, { total: 5 });
    // the same person, not yet confirmed: found, and invited again
    expect((await signup({ email, tier: other.tierId })).body).toMatchObject({
      created: false,
      invited: true,
      name: 'Rita Resultado Lima',
    });
    // a confirmed account: found, no invitation
    expect((await signup({ email: people.angela!.email, tier: other.tierId })).body).toMatchObject({
      created: false,
      invited: false,
      name: 'Ângela Conceição Ribeiro',
      email: people.angela!.email,
    });
  });

  it("takes the last place exactly once when it races a member's own checkout", async () => {
    const rounds = database.driver === 'postgres' ? 12 : 4;
    for (let i = 0; i < rounds; i++) {
      const fx = await makeEvent(database.db, { total: 1 });
      const [memberId] = await makeUsers(database.db, 1);
      const memberToken = t.tokenFor({ id: memberId! });
      const [own, third] = await Promise.all([
        call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, memberToken, {
          json: { tierId: fx.tierId, paymentMethod: 'cash' },
        }),
        signup({ email: `corrida-${i}-${randomUUID().slice(0, 6)}@exemplo.com`, tier: fx.tierId }),
      ]);
      const statuses = [own.status, third.status].sort();
      expect(statuses, JSON.stringify([own.body, third.body])).toEqual([201, 409]);
      const loser = own.status === 409 ? own : third;
      expect(loser.body.code).toBe('TIER_UNAVAILABLE');
      expect(await tierAvailable(database.db, fx.tierId)).toBe(0);
      const [count] = await database.db.query<{ n: number }>(
        'select count(*)::int as n from public.registrations where tier_id = $1',
        [fx.tierId],
      );
      expect(count!.n).toBe(1);
    }
  });
});

describe('GET /v1/admin/single-page-signup/lookup and /events', () => {
  it('tells whether the e-mail has an account and its congregation', async () => {
    const known = await call(
      `/v1/admin/single-page-signup/lookup?email=${encodeURIComponent(people.angela!.email)}`,
      tokens.cadastro,
    );
    expect(known.body).toEqual({
      exists: true,
      name: 'Ângela Conceição Ribeiro',
      temple_id: TEMPLE_B,
      temple_name: 'Congregação Penha',
    });
    const unknown = await call(
      '/v1/admin/single-page-signup/lookup?email=ninguem%40exemplo.com',
      tokens.cadastro,
    );
    expect(unknown.body).toMatchObject({ exists: false });
    expect((await call('/v1/admin/single-page-signup/lookup?email=x', tokens.cadastro)).status).toBe(400);
  });

  it('lists upcoming events with their tiers', async () => {
    const fx = await makeEvent(database.db, { total: 3 });
    const res = await call('/v1/admin/single-page-signup/events', tokens.cadastro);
    expect(res.status).toBe(200);
    const event = (res.body as { id: string; tiers: { id: string; available: number }[] }[]).find(
      (e) => e.id === fx.eventId,
    );
    expect(event?.tiers).toEqual([
      expect.objectContaining({ id: fx.tierId, available: 3, starts_at: null, ends_at: null }),
    ]);
  });
});
