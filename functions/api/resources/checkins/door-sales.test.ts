import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckinConflict,
  CheckinEvent,
  RosterPage,
  SyncOutcome,
} from '../../../../src/domain/checkin.ts';
import { doorSalesMessages } from '../../../../src/domain/messages/door-sales.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import type { Db } from '../../ports/db.ts';
import {
  type EventFixture,
  makeEvent,
  makeRegistration,
  makeUsers,
} from '../../testing/checkout-fixtures.ts';
import { createTestApp, seededDb, TEST_NOW } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite (and PostgreSQL in the postgres project).
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;
let fx: EventFixture;

beforeAll(async () => {
  const database = await seededDb();
  db = database.db;
  close = database.close;
  t = createTestApp({ db });
  // an event under way (the door lists it), a R$ 10,00 tier, cash allowed
  fx = await makeEvent(db, { startsAt: new Date(TEST_NOW.getTime() - 3600_000), methods: ['cash'] });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const volunteer = () => t.tokenFor('voluntario');
const at = () => TEST_NOW.toISOString();

function walkIn(over: Record<string, unknown> = {}) {
  return {
    kind: 'walk_in',
    clientId: randomUUID(),
    registrationId: randomUUID(),
    scannedAt: at(),
    name: 'Maria da Porta',
    cpf: randomCpf(),
    tierId: fx.tierId,
    amount: 1000,
    ...over,
  };
}

const sell = (items: unknown[], token = volunteer()) =>
  t.call('/v1/admin/checkin/door-sales', {
    method: 'POST',
    token,
    json: { eventId: fx.eventId, device: 'Porta 1', items },
  });

const count = async (sqlText: string, params: unknown[]) =>
  Number((await db.query<{ n: number }>(sqlText, params))[0]!.n);

describe('POST /v1/admin/checkin/door-sales', () => {
  it('asks for door_sales on the server: 401 without a token, 403 without the permission', async () => {
    const json = { eventId: fx.eventId, items: [walkIn()] };
    expect((await t.call('/v1/admin/checkin/door-sales', { method: 'POST', json })).status).toBe(401);
    for (const who of ['membro', 'secretaria', 'lider'] as const) {
      const res = await t.call('/v1/admin/checkin/door-sales', {
        method: 'POST',
        json,
        token: t.tokenFor(who),
      });
      expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN } });
    }
    expect(await count('select count(*)::int as n from door_sales where event_id = $1', [fx.eventId])).toBe(
      0,
    );
  });

  it('refuses bad input with a pt-BR message and changes nothing', async () => {
    for (const bad of [
      walkIn({ cpf: '12345678900' }),
      walkIn({ cpf: undefined }),
      walkIn({ name: 'Maria' }),
      walkIn({ amount: -5 }),
      walkIn({ tierId: 'x' }),
    ]) {
      const res = await sell([bad]);
      expect(res.status).toBe(400);
      expect(Object.values(doorSalesMessages)).toContain(res.body.message);
    }
    expect(await count('select count(*)::int as n from door_sales where event_id = $1', [fx.eventId])).toBe(
      0,
    );
  });

  it('a walk-in with cash: one paid guest registration, its check-in and the audit, exactly once', async () => {
    const item = walkIn();
    const first = await sell([item]);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      expect.objectContaining({ clientId: item.clientId, kind: 'created', device: 'Porta 1' }),
    ]);
    // replayed (a lost answer, a retry): the same answer, nothing more written
    const again = await sell([item]);
    expect(again.body.results).toEqual(first.body.results);
    const [reg] = await db.query<Record<string, unknown>>(
      'select status, guest_name, guest_cpf, walk_in, frozen_value from registrations where id = $1',
      [item.registrationId],
    );
    expect(reg).toMatchObject({
      status: 'paid',
      guest_name: 'Maria da Porta',
      guest_cpf: item.cpf,
      walk_in: true,
    });
    expect(
      await count('select count(*)::int as n from checkins where registration_id = $1', [
        item.registrationId,
      ]),
    ).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from registration_confirmations where registration_id = $1 and strategy = 'cash' and status = 'paid'`,
        [item.registrationId],
      ),
    ).toBe(1);
    const audit = await db.query<Record<string, unknown>>(
      'select kind, outcome, amount, device, sold_by from door_sales where client_id = $1',
      [item.clientId],
    );
    expect(audit).toEqual([
      { kind: 'walk_in', outcome: 'created', amount: 1000, device: 'Porta 1', sold_by: expect.any(String) },
    ]);
    // the door's roster now lists them, paid and checked in
    const roster = await t.call(`/v1/admin/checkin/events/${fx.eventId}/roster`, { token: volunteer() });
    const entry = (roster.body as RosterPage).entries.find((e) => e.id === item.registrationId);
    expect(entry).toMatchObject({ name: 'Maria da Porta', paid: true });
    expect(entry?.checked_in_at).toBeTruthy();
  });

  it('a walk-in known by phone alone, free', async () => {
    const item = walkIn({ cpf: undefined, phone: '(11) 98765-4321', amount: 0 });
    const res = await sell([item]);
    expect(res.body.results[0].kind).toBe('created');
    const [reg] = await db.query<Record<string, unknown>>(
      'select guest_cpf, guest_phone from registrations where id = $1',
      [item.registrationId],
    );
    expect(reg).toEqual({ guest_cpf: null, guest_phone: '11987654321' });
    const [conf] = await db.query<{ strategy: string }>(
      'select strategy from registration_confirmations where registration_id = $1',
      [item.registrationId],
    );
    expect(conf!.strategy).toBe('open');
  });

  it('one upload of many items: applied together, a CPF twice is one registration and a conflict, replays write nothing', async () => {
    const cpf = randomCpf();
    const items = [
      walkIn({ cpf }),
      walkIn({ cpf, name: 'Maria Repetida' }),
      ...Array.from({ length: 5 }, () => walkIn()),
      walkIn({ tierId: randomUUID() }),
    ];
    const res = await sell(items);
    expect(res.body.results.map((r: SyncOutcome) => r.kind)).toEqual([
      'created',
      'conflict',
      ...Array(5).fill('created'),
      'not_found',
    ]);
    expect(res.body.results[1]).toMatchObject({ registered: 'Maria da Porta' });
    expect(
      await count('select count(*)::int as n from registrations where event_id = $1 and guest_cpf = $2', [
        fx.eventId,
        cpf,
      ]),
    ).toBe(1);
    const audits = 'select count(*)::int as n from door_sales where client_id = any($1::uuid[])';
    const clientIds = items.map((i) => i.clientId);
    expect(await count(audits, [clientIds])).toBe(items.length);
    // the whole upload again (a lost answer), with the same item twice: the same answers, nothing written
    const again = await sell([...items, items[0]!]);
    expect(again.body.results).toEqual([...res.body.results, res.body.results[0]]);
    expect(await count(audits, [clientIds])).toBe(items.length);
    expect(
      await count('select count(*)::int as n from checkins where client_id = any($1::uuid[])', [clientIds]),
    ).toBe(6);
  });

  it("a phone-only walk-in is not the volunteer's own: they still register, their lists leave it out", async () => {
    // an event ahead, so the volunteer may still register online
    const ahead = await makeEvent(db, { methods: ['cash'] });
    const item = walkIn({ cpf: undefined, phone: '11987654321', amount: 0, tierId: ahead.tierId });
    const sold = await t.call('/v1/admin/checkin/door-sales', {
      method: 'POST',
      token: volunteer(),
      json: { eventId: ahead.eventId, device: 'Porta 1', items: [item] },
    });
    expect(sold.body.results[0].kind).toBe('created');
    const token = volunteer();
    const own = await t.call(`/v1/checkout/${ahead.eventId}/${ahead.tierId}`, {
      token,
      json: { tierId: ahead.tierId, paymentMethod: 'cash' },
    });
    expect(own.status).toBe(201);
    const mine = await t.call('/v1/registrations', { token });
    const ids = (mine.body as { id: string; event_id: string }[]).map((r) => r.id);
    expect(ids).not.toContain(item.registrationId);
    expect((mine.body as { event_id: string }[]).filter((r) => r.event_id === ahead.eventId)).toHaveLength(1);
    const exported = await t.call('/v1/me/export', { token });
    expect(JSON.stringify(exported.body)).not.toContain(item.registrationId);
  });

  it('a CPF already registered in the event: a conflict kept for staff, no second registration', async () => {
    const [member] = await makeUsers(db, 1);
    const cpf = randomCpf();
    await db.query('update profiles set cpf = $2, name = $3 where id = $1', [member, cpf, 'Joana Inscrita']);
    await makeRegistration(db, fx, member!, { strategy: 'cash', status: 'pending' });
    const item = walkIn({ cpf, name: 'Joana na Porta' });
    const res = await sell([item]);
    expect(res.body.results[0]).toMatchObject({ kind: 'conflict', registered: 'Joana Inscrita' });
    expect(
      await count('select count(*)::int as n from registrations where id = $1', [item.registrationId]),
    ).toBe(0);
    // a replay answers the same and keeps one conflict
    expect((await sell([item])).body.results).toEqual(res.body.results);
    const conflicts = await t.call(`/v1/admin/checkin/events/${fx.eventId}/conflicts`, {
      token: volunteer(),
    });
    const mine = (conflicts.body as CheckinConflict[]).filter((c) => c.walk_in === 'Joana na Porta');
    expect(mine).toEqual([expect.objectContaining({ name: 'Joana Inscrita', device: 'Porta 1' })]);
  });

  it('a walk-in and an online registration of the same CPF at once: one registration', async () => {
    const [member] = await makeUsers(db, 1);
    const cpf = randomCpf();
    await db.query('update profiles set cpf = $2 where id = $1', [member, cpf]);
    const item = walkIn({ cpf });
    const [door, online] = await Promise.all([
      sell([item]),
      t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        method: 'POST',
        token: t.tokenFor({ id: member! }),
        json: { tierId: fx.tierId, paymentMethod: 'cash' },
      }),
    ]);
    const kind = (door.body.results as SyncOutcome[])[0]!.kind;
    expect([kind, online.status].sort()).toEqual(
      kind === 'created' ? [409, 'created'].sort() : [201, 'conflict'].sort(),
    );
    const active = await count(
      `select count(*)::int as n from registrations r left join profiles p on p.id = r.user_id
        where r.event_id = $1 and r.status in ('pending', 'analysis', 'paid')
          and (r.guest_cpf = $2 or (r.guest_name is null and p.cpf = $2))`,
      [fx.eventId, cpf],
    );
    expect(active).toBe(1);
  });

  it('a pending cash registration paid at the door: paid in cash, checked in, once', async () => {
    const [member] = await makeUsers(db, 1);
    const { registrationId, confirmationId } = await makeRegistration(db, fx, member!, {
      strategy: 'cash',
      status: 'pending',
    });
    const roster = await t.call(`/v1/admin/checkin/events/${fx.eventId}/roster`, { token: volunteer() });
    expect((roster.body as RosterPage).entries.find((e) => e.id === registrationId)).toMatchObject({
      paid: false,
      cash_due: 1000,
    });
    const item = { kind: 'cash', clientId: randomUUID(), registrationId, scannedAt: at(), amount: 1000 };
    const res = await sell([item]);
    expect(res.body.results[0]).toMatchObject({ kind: 'created' });
    expect((await sell([item])).body.results).toEqual(res.body.results);
    const [conf] = await db.query<{ status: string; paid_at: unknown }>(
      'select status, paid_at from registration_confirmations where id = $1',
      [confirmationId],
    );
    expect(conf).toMatchObject({ status: 'paid', paid_at: expect.anything() });
    expect(
      await count(`select count(*)::int as n from registrations where id = $1 and status = 'paid'`, [
        registrationId,
      ]),
    ).toBe(1);
    expect(
      await count('select count(*)::int as n from checkins where registration_id = $1', [registrationId]),
    ).toBe(1);
    expect(
      await count(`select count(*)::int as n from door_sales where client_id = $1 and amount = 1000`, [
        item.clientId,
      ]),
    ).toBe(1);
  });

  it('cash for a registration that is not a pending cash one: not paid, nothing changes', async () => {
    const [member] = await makeUsers(db, 1);
    const { registrationId } = await makeRegistration(db, fx, member!, {
      strategy: 'file',
      status: 'pending',
    });
    const res = await sell([
      { kind: 'cash', clientId: randomUUID(), registrationId, scannedAt: at(), amount: 1000 },
    ]);
    expect(res.body.results[0].kind).toBe('not_paid');
    expect(
      await count('select count(*)::int as n from checkins where registration_id = $1', [registrationId]),
    ).toBe(0);
  });

  it('the door lists the event tiers it may sell, door-only ones marked', async () => {
    await db.query('update pricing_tiers set door_only = true where id = $1', [fx.tierId]);
    const res = await t.call('/v1/admin/checkin/events', { token: volunteer() });
    const event = (res.body as CheckinEvent[]).find((e) => e.id === fx.eventId);
    expect(event?.door_tiers).toEqual([{ id: fx.tierId, name: 'Lote teste', price: 1000, door_only: true }]);
    await db.query('update pricing_tiers set door_only = false where id = $1', [fx.tierId]);
  });
});
