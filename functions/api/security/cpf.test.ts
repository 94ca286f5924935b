import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLES, DEMO_USERS } from '../../../server/seed/demo.ts';
import { cpfFrom } from '../../../server/seed/index.ts';
import { authApiErrors } from '../../../src/domain/messages/auth.ts';
import { createHttpAuthAdmin } from '../ports/http.ts';
import { startTestHost, type TestHost } from '../testing/test-app.ts';

// CPF squatting (issue 6): only confirmed accounts hold a CPF; /signup says nothing about whose CPF
// has an account; the conflict is settled at confirmation and at welcome; stale signups expire.
let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(() => h?.close());

const PASSWORD = 'segredo123';
const signupBody = (email: string, cpf: string) => ({
  email,
  password: PASSWORD,
  congregacao: DEMO_TEMPLES.sede.id,
  consentCongregation: true,
  otherChurch: null,
  phone: '(11) 98765-4321',
  cpf,
  options: { emailRedirectTo: null, data: { display_name: 'Pessoa de Teste' } },
});

/** What GoTrue does when the confirmation link is opened (the links are auth's own tests). */
async function confirm(email: string) {
  await h.query('update auth.users set email_confirmed_at = now() where lower(email) = lower($1)', [email]);
}

async function profileOf(email: string) {
  const [row] = await h.query<{ cpf: string | null; account_confirmed: boolean }>(
    'select cpf, account_confirmed from public.profiles where lower(email) = lower($1)',
    [email],
  );
  return row ?? null;
}

async function welcome(email: string, cpf: string) {
  const token = await h.token({ email, password: PASSWORD });
  return h.call('/v1/welcome', {
    token,
    json: { consentCongregation: true, congregacao: DEMO_TEMPLES.sede.id, phone: '11987654321', cpf },
  });
}

const conflict = { code: 'CPF_ALREADY_REGISTERED', message: authApiErrors.CPF_ALREADY_REGISTERED };

describe('anonymous POST /signup is no CPF lookup', () => {
  it('answers the same for a CPF a confirmed account holds as for a free one, and mails both', async () => {
    const [membro] = await h.query<{ cpf: string }>('select cpf from public.profiles where id = $1', [
      DEMO_USERS.membro.id,
    ]);
    const taken = await h.call('/signup', { json: signupBody('sonda.1@exemplo.com', membro!.cpf) });
    const free = await h.call('/signup', { json: signupBody('sonda.2@exemplo.com', cpfFrom('700000001')) });
    expect({ status: taken.status, body: taken.body }).toEqual({ status: free.status, body: free.body });
    expect(taken.status).toBe(200);
    expect(await h.host.mailbox.list({ to: 'sonda.1@exemplo.com' })).toHaveLength(1);
    expect(await h.host.mailbox.list({ to: 'sonda.2@exemplo.com' })).toHaveLength(1);
    expect(await profileOf('sonda.1@exemplo.com')).toEqual({ cpf: membro!.cpf, account_confirmed: false });
  });
});

describe('a squatted CPF goes to whoever confirms first; the other is sent to welcome', () => {
  const cpf = cpfFrom('700000002');

  // one scenario, in order (a test of its own per step would fail when the tests are shuffled)
  it('the owner confirms first; the squatter confirms too and loses the profile; at welcome the CPF is refused, another is fine', async () => {
    // the real owner signs up and confirms although a squatter's unconfirmed signup has the CPF
    expect((await h.call('/signup', { json: signupBody('squatter@exemplo.com', cpf) })).status).toBe(200);
    expect((await h.call('/signup', { json: signupBody('dona@exemplo.com', cpf) })).status).toBe(200);
    await confirm('dona@exemplo.com');
    expect(await profileOf('dona@exemplo.com')).toEqual({ cpf, account_confirmed: true });
    expect(await profileOf('squatter@exemplo.com')).toEqual({ cpf, account_confirmed: false });

    // when the squatter confirms too, the confirmation works but drops their profile
    await confirm('squatter@exemplo.com');
    expect(await profileOf('squatter@exemplo.com')).toBeNull();
    expect(await profileOf('dona@exemplo.com')).toEqual({ cpf, account_confirmed: true });
    const me = await h.call('/v1/me', {
      token: await h.token({ email: 'squatter@exemplo.com', password: PASSWORD }),
    });
    expect(me.status).toBe(200);
    expect(me.body.profile).toBeNull();

    // at welcome the CPF is refused with the way out for the real owner; another CPF is fine
    const res = await welcome('squatter@exemplo.com', cpf);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(conflict);
    expect(res.body.message).toContain('Esqueci minha senha');
    expect((await welcome('squatter@exemplo.com', cpfFrom('700000003'))).status).toBe(200);
    expect(await profileOf('squatter@exemplo.com')).toEqual({
      cpf: cpfFrom('700000003'),
      account_confirmed: true,
    });
  });

  it('a confirmed account (e.g. Google) cannot take a held CPF at welcome', async () => {
    const held = cpfFrom('700000007');
    expect((await h.call('/signup', { json: signupBody('dona.2@exemplo.com', held) })).status).toBe(200);
    await confirm('dona.2@exemplo.com');
    const admin = createHttpAuthAdmin({
      supabaseUrl: h.url,
      anonKey: h.host.anonKey,
      serviceRoleKey: h.host.serviceRoleKey,
    });
    await admin.createUser({ email: 'google.cpf@exemplo.com', password: PASSWORD, emailConfirm: true });
    const res = await welcome('google.cpf@exemplo.com', held);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(conflict);
  });
});

describe('the database keeps the rule', () => {
  async function user(email: string, confirmed: boolean, createdDaysAgo = 0): Promise<string> {
    const [row] = await h.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at, created_at)
       values ($1, case when $2::boolean then now() end, now() - make_interval(days => $3::int)) returning id`,
      [email, confirmed, createdDaysAgo],
    );
    return row!.id;
  }
  const profile = (id: string, cpf: string) =>
    h.query(`insert into public.profiles (id, name, email, cpf) values ($1, 'Fulano', $2, $3)`, [
      id,
      `${id}@x.test`,
      cpf,
    ]);

  it('two unconfirmed accounts may share a CPF; two confirmed ones may not; the flag cannot be forged', async () => {
    const cpf = cpfFrom('700000004');
    await profile(await user('db.1@x.test', false), cpf);
    await profile(await user('db.2@x.test', false), cpf);
    await profile(await user('db.3@x.test', true), cpf);
    await expect(profile(await user('db.4@x.test', true), cpf)).rejects.toMatchObject({ code: '23505' });
    await h.query(`update public.profiles set account_confirmed = true where cpf = $1`, [cpf]);
    const [n] = await h.query<{ n: number }>(
      'select count(*)::int as n from public.profiles where cpf = $1 and account_confirmed',
      [cpf],
    );
    expect(n!.n).toBe(1);
  });

  it('unconfirmed signups expire after 7 days (the next /signup sweeps them), freeing CPF and e-mail', async () => {
    const cpf = cpfFrom('700000005');
    const old = await user('velho@x.test', false, 8);
    const recent = await user('recente@x.test', false, 6);
    const confirmedOld = await user('confirmado@x.test', true, 30);
    await profile(old, cpf);
    await profile(recent, cpfFrom('700000006'));
    expect((await h.call('/signup', { json: signupBody('varredura@exemplo.com', cpf) })).status).toBe(200);
    const left = await h.query<{ id: string }>('select id from auth.users where id = any($1::uuid[])', [
      `{${old},${recent},${confirmedOld}}`,
    ]);
    expect(left.map((r) => r.id).sort()).toEqual([recent, confirmedOld].sort());
    expect(await profileOf(`${old}@x.test`)).toBeNull();
  });
});
