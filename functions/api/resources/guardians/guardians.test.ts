import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorApiErrors } from '../../../../src/domain/messages/minors.ts';
import { ageOn } from '../../../../src/domain/minors.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { openTestDatabase } from '../../../../tests/postgres/databases.ts';
import { makeEvent, makeUsers } from '../../testing/checkout-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { rosterPage } from '../checkins/checkins.service.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp({ db: database.db });
}, 120_000);
afterAll(() => database?.close());
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
});
