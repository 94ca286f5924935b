import { describe, expect, it } from 'vitest';
import { minorApiErrors, minorMessages } from '../../../../src/domain/messages/minors.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { ageOn } from '../../../../src/domain/minors.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeUsers } from '../../testing/checkout-fixtures.ts';
import { rosterPage } from '../checkins/checkins.service.ts';

const { database, t } = apiSuite();
const db = () => database.db;

async function member(role?: string) {
  const [id] = await makeUsers(db(), 1);
  if (role) await db().query('insert into public.user_roles (user_id, role) values ($1, $2)', [id, role]);
  return { id: id!, token: t.tokenFor({ id: id!, email: `${id}@teste.local` }) };
}

/** The token of the last guardian e-mail to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  const [row] = await db().query<{ payload: { token: string } }>(
    `select payload from mail_outbox where kind = 'guardian_consent' and to_address = $1 order by id desc limit 1`,
    [to],
  );
  return row!.payload.token;
}

describe('minors and their guardian', () => {
  it('age on the event day in São Paulo', () => {
    expect(ageOn('2011-03-11', '2026-03-11T02:59:00Z')).toBe(14); // still the 10th in São Paulo
    expect(ageOn('2011-03-11', '2026-03-11T03:00:00Z')).toBe(15);
  });

  it('min age, the guardian required under 18, the link authorizes once, the door admits only then', async () => {
    const admin = await member('admin');
    const fx = await makeEvent(db(), { price: 0 });
    const rules = await t.call(`/v1/admin/events/${fx.eventId}/minors`, {
      token: admin.token,
      method: 'PUT',
      json: { min_age: 12, guardian_consent: true },
    });
    expect(rules.status).toBe(200);
    const path = `/v1/checkout/${fx.eventId}/${fx.tierId}`;
    const m = await member();
    const startsAt = (
      await db().query<{ s: Date }>('select starts_at as s from events where id = $1', [fx.eventId])
    )[0]!.s;
    const yearsBefore = (n: number) => {
      const d = new Date(startsAt);
      d.setUTCFullYear(d.getUTCFullYear() - n);
      d.setUTCDate(d.getUTCDate() - 2);
      return d.toISOString().slice(0, 10);
    };

    const noBirth = await t.call(path, { token: m.token, json: { tierId: fx.tierId } });
    expect(noBirth.body).toEqual({
      code: 'BIRTH_DATE_REQUIRED',
      message: minorApiErrors.BIRTH_DATE_REQUIRED,
    });
    const young = await t.call(path, {
      token: m.token,
      json: { tierId: fx.tierId, birth_date: yearsBefore(10) },
    });
    expect(young.body.code).toBe('TOO_YOUNG');
    const noGuardian = await t.call(path, {
      token: m.token,
      json: { tierId: fx.tierId, birth_date: yearsBefore(15) },
    });
    expect(noGuardian.body.code).toBe('GUARDIAN_REQUIRED');
    const self = await t.call(path, {
      token: m.token,
      json: {
        tierId: fx.tierId,
        birth_date: yearsBefore(15),
        guardian: { name: 'Mãe Teste', cpf: randomCpf(), email: `${m.id}@teste.local` },
      },
    });
    expect(self.body.code).toBe('GUARDIAN_NOT_SELF');

    const guardianEmail = `mae-${Date.now()}@exemplo.com`;
    const ok = await t.call(path, {
      token: m.token,
      json: {
        tierId: fx.tierId,
        birth_date: yearsBefore(15),
        guardian: { name: 'Maria Responsável', cpf: randomCpf(), email: guardianEmail },
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const regId = ok.body[0].registration_id;
    const token = await tokenMailedTo(guardianEmail);

    // waiting: the door does not admit
    const roster = async () => (await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === regId)!;
    expect((await roster()).paid).toBe(false);
    const mine = await t.call(`/v1/registrations/${regId}/answers`, { token: m.token });
    expect(mine.body.guardian).toMatchObject({ guardian_name: 'Maria Responsável', state: 'pending' });

    const seen = await t.call(`/v1/guardian/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      guardian_name: 'Maria Responsável',
      state: 'pending',
      event_title: 'Evento de teste',
    });
    expect((await t.call('/v1/guardian/abcdefghijklmnopqrstuvwxyz')).status).toBe(404);

    const yes = await t.call(`/v1/guardian/${token}`, { json: { decision: 'authorize' } });
    expect(yes.body).toEqual({ state: 'authorized' });
    const again = await t.call(`/v1/guardian/${token}`, { json: { decision: 'refuse' } });
    expect(again.status).toBe(409);
    expect(await roster()).toMatchObject({ paid: true, guardian: 'Maria Responsável' });
  });

  it('a refusal leaves the ticket invalid; staff may record a paper authorization', async () => {
    const admin = await member('admin');
    const fx = await makeEvent(db(), { price: 0 });
    await db().query('update events set guardian_consent = true where id = $1', [fx.eventId]);
    const m = await member();
    const guardianEmail = `pai-${Date.now()}@exemplo.com`;
    const ok = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: m.token,
      json: {
        tierId: fx.tierId,
        birth_date: '2014-05-05',
        guardian: { name: 'João Responsável', cpf: randomCpf(), email: guardianEmail },
      },
    });
    const regId = ok.body[0].registration_id;
    await t.call(`/v1/guardian/${await tokenMailedTo(guardianEmail)}`, { json: { decision: 'refuse' } });
    const entry = (await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === regId)!;
    expect(entry.paid).toBe(false);

    const lider = await member('lider');
    expect(
      (await t.call(`/v1/admin/registrations/${regId}/guardian`, { token: lider.token, json: {} })).status,
    ).toBe(403);
    const paper = await t.call(`/v1/admin/registrations/${regId}/guardian`, { token: admin.token, json: {} });
    expect(paper.body).toMatchObject({ state: 'authorized', decided_by: 'paper' });
    expect((await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === regId)!.paid).toBe(true);
  });

  it('the profile keeps a birth date (a real day, not in the future) and the checkout reads it', async () => {
    const fx = await makeEvent(db(), { price: 0 });
    await db().query('update events set min_age = 16 where id = $1', [fx.eventId]);
    const m = await member();
    // the rest of the profile as it is (a complete profile may register)
    const rest = {
      name: 'Pessoa Com Idade',
      phone: '(11) 98765-4321',
      fromOtherChurch: true,
      otherChurch: 'Igreja de teste',
      consentCongregation: true,
    };
    const profile = (birthDate: unknown) =>
      t.call('/v1/me/profile', { token: m.token, method: 'PATCH', json: { ...rest, birthDate } });
    for (const [bad, message] of [
      ['2001-02-30', 'Insira uma data válida'],
      ['01/02/2001', 'Insira uma data válida'],
      ['2999-01-01', minorMessages.birthDateFuture],
    ] as const) {
      const res = await profile(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const saved = await profile('2000-04-09');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.birth_date).toBe('2000-04-09');
    expect((await t.call('/v1/me', { token: m.token })).body.profile.birth_date).toBe('2000-04-09');
    // the checkout of an event with a minimum age takes the profile's date (none given here)
    const ok = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: m.token,
      json: { tierId: fx.tierId },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // leaving it out keeps it; '' clears it
    await t.call('/v1/me/profile', { token: m.token, method: 'PATCH', json: rest });
    expect((await t.call('/v1/me', { token: m.token })).body.profile.birth_date).toBe('2000-04-09');
    expect((await profile('')).body.birth_date).toBeNull();
  });

  it('a caravan: each person their age rules on the server, each minor their guardian and link', async () => {
    const fx = await makeEvent(db(), { price: 0 });
    await db().query('update events set min_age = 12, guardian_consent = true where id = $1', [fx.eventId]);
    const startsAt = (
      await db().query<{ s: Date }>('select starts_at as s from events where id = $1', [fx.eventId])
    )[0]!.s;
    const yearsBefore = (n: number) => {
      const d = new Date(startsAt);
      d.setUTCFullYear(d.getUTCFullYear() - n);
      d.setUTCDate(d.getUTCDate() - 2);
      return d.toISOString().slice(0, 10);
    };
    const [leaderId] = await makeUsers(db(), 1);
    const leaderToken = t.tokenFor({ id: leaderId!, email: `${leaderId}@teste.local` });
    const stamp = Date.now();
    const adult = { name: 'Adulta Da Caravana', cpf: randomCpf(), email: '', birth_date: '1990-01-01' };
    const minorA = { name: 'Menina Da Caravana', cpf: randomCpf(), email: '' };
    const minorB = { name: 'Menino Da Caravana', cpf: randomCpf(), email: `menino-${stamp}@exemplo.com` };
    const guardianA = { name: 'Mãe Da Menina', cpf: randomCpf(), email: `mae-a-${stamp}@exemplo.com` };
    const guardianB = { name: 'Pai Do Menino', cpf: randomCpf(), email: `pai-b-${stamp}@exemplo.com` };
    const send = (people: unknown[]) =>
      t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
        token: leaderToken,
        json: { tierId: fx.tierId, people },
      });
    const written = async () =>
      (
        await db().query<{ n: number }>('select count(*)::int as n from registrations where event_id = $1', [
          fx.eventId,
        ])
      )[0]!.n;

    // each refusal names the person and writes nothing
    const refusals: [unknown[], number, string, string][] = [
      [
        [adult, minorA],
        422,
        'BIRTH_DATE_REQUIRED',
        `${minorA.name}: ${minorMessages.personBirthDateRequired}`,
      ],
      [
        [adult, { ...minorA, birth_date: '2010-02-30' }],
        400,
        'INVALID_DATA',
        `${minorA.name}: Insira uma data válida`,
      ],
      [
        [adult, { ...minorA, birth_date: yearsBefore(10) }],
        422,
        'TOO_YOUNG',
        `${minorA.name}: ${minorApiErrors.TOO_YOUNG}`,
      ],
      [
        [adult, { ...minorA, birth_date: yearsBefore(15) }],
        422,
        'GUARDIAN_REQUIRED',
        `${minorA.name}: ${minorApiErrors.GUARDIAN_REQUIRED}`,
      ],
      [
        [adult, { ...minorB, birth_date: yearsBefore(15), guardian: { ...guardianB, email: minorB.email } }],
        422,
        'GUARDIAN_NOT_SELF',
        `${minorB.name}: ${minorApiErrors.GUARDIAN_NOT_SELF}`,
      ],
      [
        [adult, { ...minorA, birth_date: yearsBefore(15), guardian: { ...guardianA, cpf: '123' } }],
        400,
        'INVALID_DATA',
        `${minorA.name}: ${validationMessages.cpf}`,
      ],
    ];
    for (const [people, status, code, message] of refusals) {
      const res = await send(people);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBe(message);
    }
    expect(await written()).toBe(0);

    const ok = await send([
      adult,
      { ...minorA, birth_date: yearsBefore(15), guardian: guardianA },
      { ...minorB, birth_date: yearsBefore(16), guardian: guardianB },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const [a, ma, mb] = ok.body.registrations as { id: string; guardian: string | null }[];
    expect([a!.guardian, ma!.guardian, mb!.guardian]).toEqual([null, 'pending', 'pending']);
    // one e-mail per guardian, each with its own link
    const tokenA = await tokenMailedTo(guardianA.email);
    const tokenB = await tokenMailedTo(guardianB.email);
    expect(tokenA).not.toBe(tokenB);
    expect(
      (
        await db().query('select 1 from mail_outbox where kind = $1 and to_address = any($2)', [
          'guardian_consent',
          [guardianA.email, guardianB.email, minorB.email],
        ])
      ).length,
    ).toBe(2);
    const [stored] = await db().query<{ b: string }>(
      `select to_char(guest_birth_date, 'YYYY-MM-DD') as b from registrations where id = $1`,
      [ma!.id],
    );
    expect(stored!.b).toBe(yearsBefore(15));

    // the door admits the adult; each minor only once their own guardian authorized
    const entry = async (id: string) =>
      (await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === id)!;
    expect((await entry(a!.id)).paid).toBe(true);
    expect((await entry(ma!.id)).paid).toBe(false);
    await t.call(`/v1/guardian/${tokenA}`, { json: { decision: 'authorize' } });
    expect(await entry(ma!.id)).toMatchObject({ paid: true, guardian: guardianA.name });
    expect((await entry(mb!.id)).paid).toBe(false);

    // the leader sees each person's state
    const mine = (await t.call('/v1/registrations', { token: leaderToken })).body as {
      id: string;
      guardian: { name: string; state: string } | null;
    }[];
    const state = (id: string) => mine.find((r) => r.id === id)!.guardian;
    expect(state(a!.id)).toBeNull();
    expect(state(ma!.id)).toEqual({ name: guardianA.name, state: 'authorized' });
    expect(state(mb!.id)).toEqual({ name: guardianB.name, state: 'pending' });
  });

  it('the desk signs up a minor with the guardian; staff record paper (audited); the person page shows answers and consent', async () => {
    const admin = await member('admin');
    const fx = await makeEvent(db(), { price: 0 });
    await db().query('update events set min_age = 10, guardian_consent = true where id = $1', [fx.eventId]);
    const [shirt, health] = await db().query<{ id: string }>(
      `insert into event_questions (event_id, kind, label, options, on_badge, sensitive, "order") values
         ($1, 'one_choice', 'Camiseta', '["P","M","G"]', true, false, 0),
         ($1, 'short_text', 'Alergias', '[]', false, true, 1)
       returning id`,
      [fx.eventId],
    );
    const email = `menor-balcao-${Date.now()}@exemplo.com`;
    const guardian = { name: 'Avó Responsável', cpf: randomCpf(), email: `avo-${Date.now()}@exemplo.com` };
    const desk = (json: Record<string, unknown>) =>
      t.call('/v1/admin/single-page-signup', {
        token: admin.token,
        json: {
          email,
          tier: fx.tierId,
          name: 'Menor Do Balcão',
          answers: { [shirt!.id]: 'M', [health!.id]: 'amendoim' },
          ...json,
        },
      });
    const noBirth = await desk({});
    expect(noBirth.body).toEqual({
      code: 'BIRTH_DATE_REQUIRED',
      message: minorMessages.deskBirthDateRequired,
    });
    expect((await desk({ birth_date: '2014-13-01' })).status).toBe(400);
    expect((await desk({ birth_date: '2013-01-01' })).body.code).toBe('GUARDIAN_REQUIRED');
    expect((await desk({ birth_date: '2013-01-01', guardian: { ...guardian, email } })).body.code).toBe(
      'GUARDIAN_NOT_SELF',
    );
    const [nobody] = await db().query('select id from profiles where email = $1', [email]);
    expect(nobody).toBeUndefined(); // every refusal left no account behind

    const ok = await desk({ birth_date: '2013-01-01', guardian });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.guardian).toBe('pending');
    const regId = ok.body.registration_id as string;
    expect(await tokenMailedTo(guardian.email)).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect((await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === regId)!.paid).toBe(false);

    // the guardian came with a signed paper: staff record it, and the audit says who
    const paper = await t.call(`/v1/admin/registrations/${regId}/guardian`, { token: admin.token, json: {} });
    expect(paper.body).toMatchObject({ state: 'authorized', decided_by: 'paper' });
    const audit = await db().query<{ actor_id: string }>(
      `select actor_id from audit_log where action = 'guardian.paper' and details->>'registration_id' = $1`,
      [regId],
    );
    expect(audit).toEqual([{ actor_id: admin.id }]);
    expect((await rosterPage(db(), fx.eventId, {})).entries.find((e) => e.id === regId)).toMatchObject({
      paid: true,
      guardian: guardian.name,
    });

    // the person page: the answers (the sensitive one only with read_sensitive) and the consent
    const personId = ok.body.user_id as string;
    const page = async (token: string) =>
      (await t.call(`/v1/admin/users/${personId}`, { token })).body as {
        profile: { birth_date: string };
        registrations: {
          id: string;
          answers: { question: string; text: string; sensitive: boolean }[];
          hidden: number;
          guardian: { name: string; state: string; decided_by: string } | null;
        }[];
      };
    const full = await page(admin.token);
    expect(full.profile.birth_date).toBe('2013-01-01');
    expect(full.registrations[0]).toMatchObject({
      id: regId,
      answers: [
        { question: 'Camiseta', text: 'M', sensitive: false },
        { question: 'Alergias', text: 'amendoim', sensitive: true },
      ],
      hidden: 0,
      guardian: { name: guardian.name, state: 'authorized', decided_by: 'paper' },
    });
    await db().query(`insert into roles (name) values ('so_leitura_menores') on conflict do nothing`);
    await db().query(
      `insert into role_permissions (role, permission) values
         ('so_leitura_menores', 'read_confirmations'), ('so_leitura_menores', 'create_user')
       on conflict do nothing`,
    );
    const reader = await member('so_leitura_menores');
    const limited = await page(reader.token);
    expect(limited.registrations[0]!.answers).toEqual([
      { question: 'Camiseta', text: 'M', sensitive: false },
    ]);
    expect(limited.registrations[0]!.hidden).toBe(1);
  });

  it("a caravan's guardian e-mails count toward the leader's daily bound of e-mails to others", async () => {
    const fx = await makeEvent(db(), { price: 0 });
    await db().query('update events set guardian_consent = true where id = $1', [fx.eventId]);
    const [leaderId] = await makeUsers(db(), 1);
    const token = t.tokenFor({ id: leaderId!, email: `${leaderId}@teste.local` });
    const stamp = Date.now();
    // each person a 15-year-old with their own e-mail and a guardian: two e-mails to others each
    const minors = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        name: `Menor ${tag} ${String.fromCharCode(65 + i)}`,
        cpf: randomCpf(),
        email: `menor-${tag}-${i}-${stamp}@exemplo.com`,
        birth_date: '2012-01-01',
        guardian: {
          name: 'Responsável Da Turma',
          cpf: randomCpf(),
          email: `resp-${tag}-${i}-${stamp}@exemplo.com`,
        },
      }));
    const send = (people: unknown[]) =>
      t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
        token,
        json: { tierId: fx.tierId, people },
      });
    expect((await send(minors(10, 'um'))).status).toBe(201); // 20 e-mails
    expect((await send(minors(10, 'dois'))).status).toBe(201); // 40
    const third = await send(minors(2, 'tres'));
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('CARAVAN_EMAIL_LIMIT');
  });
});
