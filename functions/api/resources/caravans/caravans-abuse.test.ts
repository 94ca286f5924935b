/**
 * What one member can make the app do through caravans (README "Under abuse: limits and throttles"):
 * e-mails to strangers, places held unpaid, CPFs tested, receipts stored. PGlite (integration) and
 * PostgreSQL (postgres project).
 */
import { describe, expect, it } from 'vitest';
import { CARAVAN_LIMITS } from '../../../../src/domain/caravans.ts';
import {
  caravanApiErrors,
  caravanUnpaidLimit,
  cpfInCaravan,
} from '../../../../src/domain/messages/caravans.ts';
import { checkoutApiErrors } from '../../../../src/domain/messages/checkout.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { type EventFixture, makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { expireOverduePix } from '../mercadopago/mercadopago.service.ts';

const { database, t } = apiSuite();

const db = () => database.db;

async function leader(): Promise<{ id: string; token: string; email: string }> {
  const [id] = await makeUsers(db(), 1);
  const email = `${id}@teste.local`;
  return { id: id!, email, token: t.tokenFor({ id: id!, email }) };
}

let seq = 0;
function people(n: number, withEmail = true) {
  return Array.from({ length: n }, (_, i) => ({
    name: `Pessoa Caravana ${String.fromCharCode(65 + (i % 26))}`,
    cpf: randomCpf(),
    email: withEmail && i !== n - 1 ? `abuso-${++seq}-${Date.now()}@exemplo.com` : '',
  }));
}

function caravan(token: string, fx: EventFixture, body: Record<string, unknown>) {
  return t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
    token,
    json: { tierId: fx.tierId, ...body },
  });
}

/** Moves the leader's caravans an hour and a half into the past (the test clock stands still). */
async function ageCaravans(leaderId: string, hours = 1.5) {
  await db().query(
    `update registration_groups set created_at = created_at - make_interval(secs => $2) where leader_id = $1`,
    [leaderId, hours * 3600],
  );
}

describe('names', () => {
  it('a name holding a link or an e-mail is refused and nothing is written', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const l = await leader();
    const group = people(2);
    group[0]!.name = 'https://golpe.example/pix-145-9 Silva';
    const res = await caravan(l.token, fx, { paymentMethod: 'cash', people: group });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(validationMessages.nameWithLink);
    const [n] = await db().query<{ n: number }>(
      'select count(*)::int as n from registrations where event_id = $1',
      [fx.eventId],
    );
    expect(n!.n).toBe(0);
  });
});

describe('caravans per leader', () => {
  it(`at most ${CARAVAN_LIMITS.perHour} an hour (429, Retry-After) and ${CARAVAN_LIMITS.perEvent} per event (409)`, async () => {
    const fx = await makeEvent(db(), { total: 100 });
    const l = await leader();
    for (let i = 0; i < CARAVAN_LIMITS.perHour; i++) {
      expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) })).status).toBe(
        201,
      );
    }
    const fourth = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('CARAVAN_RATE_LIMITED');
    expect(fourth.body.message).toMatch(
      /^Você inscreveu muitas caravanas em pouco tempo \(até 3 por hora\)\. Tente novamente em \d+ minutos?\.$/,
    );
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // another leader is not held back
    expect(
      (await caravan((await leader()).token, fx, { paymentMethod: 'cash', people: people(2, false) })).status,
    ).toBe(201);

    await ageCaravans(l.id);
    for (let i = CARAVAN_LIMITS.perHour; i < CARAVAN_LIMITS.perEvent; i++) {
      expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) })).status).toBe(
        201,
      );
    }
    await ageCaravans(l.id);
    const past = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) });
    expect(past.status).toBe(409);
    expect(past.body).toEqual({ code: 'CARAVAN_EVENT_LIMIT', message: caravanApiErrors.CARAVAN_EVENT_LIMIT });
    // on another event the same leader may go on
    const other = await makeEvent(db(), { total: 10 });
    expect((await caravan(l.token, other, { paymentMethod: 'cash', people: people(2, false) })).status).toBe(
      201,
    );
  });

  it(`guest e-mails: at most ${CARAVAN_LIMITS.guestEmailsPerDay} a day to addresses other than the leader's`, async () => {
    const fx = await makeEvent(db(), { total: null, price: 0, methods: [] });
    const l = await leader();
    // 19 e-mails each (the last row has none)
    expect((await caravan(l.token, fx, { people: people(20) })).status).toBe(201);
    expect((await caravan(l.token, fx, { people: people(20) })).status).toBe(201);
    const third = await caravan(l.token, fx, { people: people(20) });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('CARAVAN_EMAIL_LIMIT');
    expect(third.body.message).toContain('até 40 por dia');
    expect(third.body.message).toMatch(/Tente novamente em \d+ minutos?\.$/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // without e-mails (or with the leader's own) the caravan goes through: nothing is sent to strangers
    // (the leader's own summaries are not counted here: they go to the leader)
    const own = people(2, false);
    own[0]!.email = l.email.toUpperCase();
    expect((await caravan(l.token, fx, { people: own })).status).toBe(201);
    const [mails] = await db().query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where payload->>'registration_id' in
         (select r.id::text from registrations r join registration_groups g on g.id = r.group_id where g.leader_id = $1)
         and kind <> 'caravan_summary'`,
      [l.id],
    );
    expect(mails!.n).toBe(39);
  });
});

describe('places held unpaid', () => {
  it(`one leader holds at most ${CARAVAN_LIMITS.unpaidPerEvent} people unpaid per event; staff may raise it`, async () => {
    const fx = await makeEvent(db(), { total: 37 });
    const l = await leader();
    expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: people(20, false) })).status).toBe(
      201,
    );
    const more = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) });
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ code: 'CARAVAN_UNPAID_LIMIT', message: caravanUnpaidLimit(20, 20) });
    const [tier] = await db().query<{ available: number }>(
      'select available from pricing_tiers where id = $1',
      [fx.tierId],
    );
    expect(tier!.available).toBe(17);

    // staff (write_events) raise it for this event; a member may not
    const member = await t.call(`/v1/admin/events/${fx.eventId}/caravan-limits`, {
      token: l.token,
      method: 'PUT',
      json: { unpaidPerLeader: 30, cashHoldHours: 48 },
    });
    expect(member.status).toBe(403);
    const [staff] = await makeUsers(db(), 1);
    await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [staff]);
    const staffToken = t.tokenFor({ id: staff! });
    const bad = await t.call(`/v1/admin/events/${fx.eventId}/caravan-limits`, {
      token: staffToken,
      method: 'PUT',
      json: { unpaidPerLeader: 1, cashHoldHours: 48 },
    });
    expect(bad.status).toBe(400);
    const raised = await t.call(`/v1/admin/events/${fx.eventId}/caravan-limits`, {
      token: staffToken,
      method: 'PUT',
      json: { unpaidPerLeader: 30, cashHoldHours: 48 },
    });
    expect(raised.body).toEqual({ unpaid_per_leader: 30, cash_hold_hours: 48 });
    // the editor reads them back; a member may not; the change is audited with before and after
    const read = await t.call(`/v1/admin/events/${fx.eventId}/caravan-limits`, { token: staffToken });
    expect(read.body).toEqual({ unpaid_per_leader: 30, cash_hold_hours: 48 });
    expect((await t.call(`/v1/admin/events/${fx.eventId}/caravan-limits`, { token: l.token })).status).toBe(
      403,
    );
    const [audit] = await db().query<{ actor_id: string; details: { before: unknown; after: unknown } }>(
      `select actor_id, details from audit_log where action = 'event.caravan_limits'`,
    );
    expect(audit!.actor_id).toBe(staff);
    expect(audit!.details.before).toEqual({
      unpaid_per_leader: CARAVAN_LIMITS.unpaidPerEvent,
      cash_hold_hours: CARAVAN_LIMITS.cashHoldHours,
    });
    expect(audit!.details.after).toEqual({ unpaid_per_leader: 30, cash_hold_hours: 48 });
    expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2, false) })).status).toBe(
      201,
    );
  });

  it('an unpaid cash caravan holds its places for the event’s hours, then they go back with an e-mail', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const l = await leader();
    const group = people(3);
    const { body } = await caravan(l.token, fx, { paymentMethod: 'cash', people: group });
    const confirmations = await db().query<{ expires_at: Date | string | null; request_data: unknown }>(
      `select c.expires_at, c.request_data from registration_confirmations c
         join registrations r on r.id = c.registration_id where r.group_id = $1 order by c.created_at`,
      [body.group_id],
    );
    const head = confirmations.find((a) => a.expires_at !== null)!;
    expect(new Date(head.expires_at!).getTime() - t.ports.clock.now().getTime()).toBe(
      CARAVAN_LIMITS.cashHoldHours * 3_600_000,
    );
    expect(confirmations.filter((a) => a.expires_at === null)).toHaveLength(2);

    // an hour before, the sweep leaves it; after, every place goes back and everyone is told
    const at = (h: number) => ({
      ...t.ports,
      clock: { now: () => new Date(t.ports.clock.now().getTime() + h * 3_600_000) },
    });
    const only = { confirmationId: body.confirmation_id };
    expect(await expireOverduePix(at(CARAVAN_LIMITS.cashHoldHours - 1), only)).toEqual({
      expired: 0,
      paid: 0,
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(7);
    expect(await expireOverduePix(at(CARAVAN_LIMITS.cashHoldHours + 1), only)).toEqual({
      expired: 1,
      paid: 0,
    });
    const statuses = await db().query<{ status: string }>(
      'select status from registrations where group_id = $1',
      [body.group_id],
    );
    expect(statuses.map((r) => r.status)).toEqual(['expired', 'expired', 'expired']);
    expect(await tierAvailable(db(), fx.tierId)).toBe(10);
    const mails = await db().query<{ to_address: string; payload: { caravan_people?: number } }>(
      `select to_address, payload from mail_outbox where kind = 'cash_expired' and payload->>'registration_id' in
         (select id::text from registrations where group_id = $1) order by to_address`,
      [body.group_id],
    );
    // the leader once (about the caravan), each guest with an e-mail (the last row has none)
    expect(mails.map((m) => m.to_address).sort()).toEqual([group[0]!.email, group[1]!.email, l.email].sort());
    expect(mails.find((m) => m.to_address === l.email)!.payload.caravan_people).toBe(3);
  });

  it('a door-only tier: hidden on the event page, refused online and to a caravan, shown to the editor', async () => {
    const fx = await makeEvent(db(), { total: 20, price: 0, methods: [] });
    const [staff] = await makeUsers(db(), 1);
    await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [staff]);
    const staffToken = t.tokenFor({ id: staff! });
    const edited = await t.call(`/v1/admin/events/${fx.eventId}/tiers/${fx.tierId}`, {
      token: staffToken,
      method: 'PUT',
      json: { name: 'Na porta', price: 0, total: 20, restricted_payment_methods: [], door_only: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.door_only).toBe(true);
    const page = await t.call(`/v1/events/${fx.eventId}`);
    expect(page.body.pricing_tiers).toEqual([]);
    const editor = await t.call(`/v1/admin/events/${fx.eventId}`, { token: staffToken });
    expect(editor.body.pricing_tiers).toEqual([expect.objectContaining({ id: fx.tierId, door_only: true })]);
    const l = await leader();
    const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: l.token,
      json: { tierId: fx.tierId },
    });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ code: 'TIER_DOOR_ONLY', message: caravanApiErrors.TIER_DOOR_ONLY });
    const group = await caravan(l.token, fx, { people: people(2, false) });
    expect(group.status).toBe(409);
    expect(group.body.code).toBe('TIER_DOOR_ONLY');
    // sold out or not, it has no waiting list
    await db().query('update pricing_tiers set available = 0 where id = $1', [fx.tierId]);
    const wait = await t.call(`/v1/waitlist/tiers/${fx.tierId}`, { method: 'POST', token: l.token });
    expect(wait.status).toBe(409);
    expect(wait.body.code).toBe('WAITLIST_CLOSED');
    expect((await db().query('select id from registrations where tier_id = $1', [fx.tierId])).length).toBe(0);
  });

  it('a staff-only tier refuses a member’s checkout and caravan', async () => {
    const fx = await makeEvent(db(), { total: 20, price: 0, methods: [] });
    // the event editor marks it (write_events)
    const [staff] = await makeUsers(db(), 1);
    await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [staff]);
    const edited = await t.call(`/v1/admin/events/${fx.eventId}/tiers/${fx.tierId}`, {
      token: t.tokenFor({ id: staff! }),
      method: 'PUT',
      json: { name: 'Voluntários', price: 0, total: 20, restricted_payment_methods: [], staff_only: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.staff_only).toBe(true);
    const l = await leader();
    const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: l.token,
      json: { tierId: fx.tierId },
    });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ code: 'TIER_STAFF_ONLY', message: caravanApiErrors.TIER_STAFF_ONLY });
    const group = await caravan(l.token, fx, { people: people(20, false) });
    expect(group.status).toBe(409);
    expect(group.body.code).toBe('TIER_STAFF_ONLY');
    const [tier] = await db().query<{ available: number }>(
      'select available from pricing_tiers where id = $1',
      [fx.tierId],
    );
    expect(tier!.available).toBe(20);
  });
});

describe('CPFs tested through refusals', () => {
  it(`after ${CARAVAN_LIMITS.refusedPerHour} refused caravans in an hour, 429 before any CPF is looked at`, async () => {
    const fx = await makeEvent(db(), { total: 100 });
    const holder = await leader();
    const held = people(2, false);
    expect((await caravan(holder.token, fx, { paymentMethod: 'cash', people: held })).status).toBe(201);
    const l = await leader();
    for (let i = 0; i < CARAVAN_LIMITS.refusedPerHour; i++) {
      const probe = [...people(1, false), held[0]!];
      const refused = await caravan(l.token, fx, { paymentMethod: 'cash', people: probe });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CARAVAN_CPF_REGISTERED');
    }
    // now even a caravan that would be refused says nothing about its CPFs
    const probe = await caravan(l.token, fx, {
      paymentMethod: 'cash',
      people: [held[1]!, ...people(1, false)],
    });
    expect(probe.status).toBe(429);
    expect(probe.body.code).toBe('CARAVAN_REFUSED_LIMIT');
    expect(probe.body.message).toMatch(
      /^Muitas caravanas recusadas em pouco tempo \(até 10 por hora\)\. Tente novamente em /,
    );
    expect(Number(probe.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('receipts', () => {
  const png = () =>
    new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)])],
      'r.png',
      {
        type: 'image/png',
      },
    );
  async function upload(token: string, confirmationId: string) {
    const form = new FormData();
    form.set('receipt', png());
    const res = await t.app.request(`/api/v1/confirmation/${confirmationId}/receipt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('a caravan’s one payment takes one receipt, on the group’s confirmation; a guest’s confirmation takes none', async () => {
    const fx = await makeEvent(db(), { total: 10, methods: ['file'] });
    const l = await leader();
    const { body } = await caravan(l.token, fx, { paymentMethod: 'file', people: people(3, false) });
    const [guest] = await db().query<{ id: string }>(
      `select c.id from registration_confirmations c join registrations r on r.id = c.registration_id
        where r.group_id = $1 and c.id <> $2 limit 1`,
      [body.group_id, body.confirmation_id],
    );
    const refused = await upload(l.token, guest!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'RECEIPT_ON_GROUP', message: checkoutApiErrors.RECEIPT_ON_GROUP });
    const sent = await upload(l.token, body.confirmation_id);
    expect(sent.status).toBe(200);
    const statuses = await db().query<{ status: string }>(
      'select status from registrations where group_id = $1',
      [body.group_id],
    );
    expect(statuses.map((s) => s.status)).toEqual(['analysis', 'analysis', 'analysis']);
  });

  it('the receipts one member stores are bounded in total (30 MB)', async () => {
    const l = await leader();
    // six events with a receipt of 5 MB each already stored
    for (let i = 0; i < 6; i++) {
      const fx = await makeEvent(db(), { total: 10, methods: ['file'] });
      const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        token: l.token,
        json: { tierId: fx.tierId, paymentMethod: 'file' },
      });
      await db().query(
        `update registration_confirmations set request_data = coalesce(request_data, '{}'::jsonb) ||
           jsonb_build_object('receipt', $2::text, 'receipt_size', 5242880) where id = $1`,
        [own.body[0].confirmation_id, `${l.id}/${own.body[0].confirmation_id}/x.png`],
      );
    }
    const fx = await makeEvent(db(), { total: 10, methods: ['file'] });
    const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: l.token,
      json: { tierId: fx.tierId, paymentMethod: 'file' },
    });
    const full = await upload(l.token, own.body[0].confirmation_id);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      code: 'RECEIPT_STORAGE_FULL',
      message: checkoutApiErrors.RECEIPT_STORAGE_FULL,
    });
    // replacing a stored receipt does not count the one it replaces
    await db().query(
      `update registration_confirmations c set request_data = request_data || '{"receipt_size": 5000000}'::jsonb
         from registrations r where r.id = c.registration_id and r.user_id = $1 and c.request_data ? 'receipt'`,
      [l.id],
    );
    expect((await upload(l.token, own.body[0].confirmation_id)).status).toBe(200);
  });
});

describe('a CPF someone else’s caravan holds', () => {
  it('its owner is told by whom, and releases it (the rest stays) or claims it from their own account', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const squatter = await leader();
    const [squatterName] = await db().query<{ name: string }>('select name from profiles where id = $1', [
      squatter.id,
    ]);
    const [owner] = await makeUsers(db(), 1);
    const ownerCpf = randomCpf();
    // a confirmed account (only those hold a CPF)
    await db().query('update auth.users set email_confirmed_at = now() where id = $1', [owner]);
    await db().query('update profiles set cpf = $2 where id = $1', [owner, ownerCpf]);
    const ownerToken = t.tokenFor({ id: owner!, email: `${owner}@teste.local` });
    const group = people(3, false);
    group[1]!.cpf = ownerCpf;
    const { body } = await caravan(squatter.token, fx, { paymentMethod: 'cash', people: group });
    const held = body.registrations[1].id as string;

    // the owner's own checkout: who holds the CPF, and the ticket to open
    const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: ownerToken,
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({
      code: 'CPF_IN_CARAVAN',
      message: cpfInCaravan(squatterName!.name),
      registration_id: held,
    });
    const shown = await t.call(`/v1/registrations/${held}/claim`, { token: ownerToken });
    expect(shown.body).toMatchObject({ id: held, leader_name: squatterName!.name, can_release: true });
    // nobody else may see or release it; the group's payment is not the owner's to cancel
    const stranger = (await leader()).token;
    expect((await t.call(`/v1/registrations/${held}/claim`, { token: stranger })).status).toBe(404);
    expect(
      (await t.call(`/v1/registrations/${held}/release`, { token: stranger, method: 'POST' })).status,
    ).toBe(403);
    const head = body.registrations[0].id as string;
    await db().query('update profiles set cpf = $2 where id = $1', [owner, group[0]!.cpf]);
    const refused = await t.call(`/v1/registrations/${head}/release`, { token: ownerToken, method: 'POST' });
    expect(refused.body).toEqual({
      code: 'RELEASE_GROUP_PAYMENT',
      message: caravanApiErrors.RELEASE_GROUP_PAYMENT,
    });
    await db().query('update profiles set cpf = $2 where id = $1', [owner, ownerCpf]);

    const released = await t.call(`/v1/registrations/${held}/release`, { token: ownerToken, method: 'POST' });
    expect(released.body).toEqual({ registration_id: held, status: 'canceled' });
    const statuses = await db().query<{ id: string; status: string }>(
      'select id, status from registrations where group_id = $1',
      [body.group_id],
    );
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [head]: 'pending',
      [held]: 'canceled',
      [body.registrations[2].id]: 'pending',
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(8);
    // now the owner registers on their own account
    const mine = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: ownerToken,
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(mine.status).toBe(201);

    // another event: the owner claims the ticket instead
    const fx2 = await makeEvent(db(), { total: 10 });
    const again = await caravan(squatter.token, fx2, {
      paymentMethod: 'cash',
      people: [people(1)[0], { ...group[1]!, email: '' }],
    });
    const ticket = again.body.registrations[1].id as string;
    expect(
      (await t.call(`/v1/registrations/${ticket}/claim`, { token: ownerToken, method: 'POST' })).status,
    ).toBe(200);
    const [moved] = await db().query<{ user_id: string; guest_cpf: string | null }>(
      'select user_id, guest_cpf from registrations where id = $1',
      [ticket],
    );
    expect(moved).toEqual({ user_id: owner, guest_cpf: null });
  });
});
