import { describe, expect, it } from 'vitest';
import { caravanMessages } from '../../../../src/domain/messages/caravans.ts';
import { checkoutApiErrors } from '../../../../src/domain/messages/checkout.ts';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { type EventFixture, makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { listAdminConfirmations } from '../admin-confirmations/admin-confirmations.service.ts';
import { syncCheckins } from '../checkins/checkins.service.ts';
import { applyProviderPayment } from '../mercadopago/mercadopago.service.ts';
import { eventBadges, reportSummary } from '../reports/reports.service.ts';

// The real app over a migrated database: PGlite in the unit project, PostgreSQL in the postgres one.
const { database, t } = apiSuite();

const db = () => database.db;

async function leader(): Promise<{ id: string; token: string; email: string }> {
  const [id] = await makeUsers(db(), 1);
  const email = `${id}@teste.local`;
  return { id: id!, email, token: t.tokenFor({ id: id!, email }) };
}

function people(n: number, withEmail = true) {
  return Array.from({ length: n }, (_, i) => ({
    name: `Pessoa Caravana ${String.fromCharCode(65 + i)}`,
    cpf: randomCpf(),
    email: withEmail && i !== n - 1 ? `caravana-${i}-${Date.now()}@exemplo.com` : '',
  }));
}

function caravan(token: string, fx: EventFixture, body: Record<string, unknown>) {
  return t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
    token,
    json: { tierId: fx.tierId, ...body },
  });
}

async function counts(fx: EventFixture) {
  const [row] = await db().query<{ regs: number; groups: number; confirmations: number }>(
    `select (select count(*)::int from registrations where event_id = $1) as regs,
            (select count(*)::int from registration_groups where event_id = $1) as groups,
            (select count(*)::int from registration_confirmations c join registrations r on r.id = c.registration_id
              where r.event_id = $1) as confirmations`,
    [fx.eventId],
  );
  return row!;
}

describe('POST /v1/checkout/{eventId}/{tierId}/caravan', () => {
  it('registers every person on the tier in one checkout: a registration, a code and a confirmation each', async () => {
    const fx = await makeEvent(db(), { total: 4, price: 2500 });
    const l = await leader();
    const { status, body } = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(4) });
    expect(status).toBe(201);
    expect(body).toEqual(
      expect.objectContaining({ strategy: 'cash', status: 'pending', frozen_total: 10_000 }),
    );
    expect(body.registrations).toHaveLength(4);
    expect(new Set(body.registrations.map((r: { seq: string }) => r.seq)).size).toBe(4);
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    expect(await counts(fx)).toEqual({ regs: 4, groups: 1, confirmations: 4 });

    // the leader's registrations answer carries the group and each guest
    const mine = await t.call('/v1/registrations', { token: l.token });
    const ofEvent = mine.body.filter((r: { event_id: string }) => r.event_id === fx.eventId);
    expect(ofEvent).toHaveLength(4);
    for (const r of ofEvent) {
      expect(r.group).toEqual({ id: body.group_id, people: 4, frozen_total: 10_000, leader: true });
      expect(r.guest.name).toMatch(/^Pessoa Caravana [A-D]$/);
    }
  });

  it("the leader's own cancel never touches the caravan's guests", async () => {
    const fx = await makeEvent(db(), { total: 4 });
    const l = await leader();
    expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: people(2) })).status).toBe(201);
    const cancel = await t.call(`/v1/registrations/${fx.eventId}/cancel-registration`, {
      token: l.token,
      method: 'POST',
    });
    expect(cancel.status).toBe(404);
    expect(await tierAvailable(db(), fx.tierId)).toBe(2);
  });

  it("a group of 5 on 4 places is refused ('esgotaram') and nothing is taken", async () => {
    const fx = await makeEvent(db(), { total: 4 });
    const l = await leader();
    const { status, body } = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(5) });
    expect(status).toBe(409);
    expect(body).toEqual({ code: 'TIER_UNAVAILABLE', message: checkoutApiErrors.TIER_UNAVAILABLE });
    expect(await tierAvailable(db(), fx.tierId)).toBe(4);
    expect(await counts(fx)).toEqual({ regs: 0, groups: 0, confirmations: 0 });
  });

  it('refuses a CPF already registered on the event (a member or another caravan), naming its row', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const member = await leader();
    // makeUsers' CPFs are random digits: a valid one, as the form asks
    await db().query('update profiles set cpf = $1 where id = $2', [randomCpf(), member.id]);
    await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: member.token,
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    const [p] = await db().query<{ cpf: string }>('select cpf from profiles where id = $1', [member.id]);
    const l = await leader();
    const group = people(3);
    group[1]!.cpf = p!.cpf;
    const refused = await caravan(l.token, fx, { paymentMethod: 'cash', people: group });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CARAVAN_CPF_REGISTERED',
      message: 'Pessoa 2: esse CPF já tem uma inscrição para esse evento.',
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(9);

    // a guest of one caravan cannot join another, nor register on their own account later
    const first = people(2);
    expect((await caravan(l.token, fx, { paymentMethod: 'cash', people: first })).status).toBe(201);
    const second = await caravan((await leader()).token, fx, {
      paymentMethod: 'cash',
      people: [people(1)[0], first[0]],
    });
    expect(second.body.message).toBe('Pessoa 2: esse CPF já tem uma inscrição para esse evento.');
    const [guestAccount] = await makeUsers(db(), 1);
    await db().query('update profiles set cpf = $1 where id = $2', [first[1]!.cpf, guestAccount]);
    const own = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: t.tokenFor({ id: guestAccount! }),
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('CPF_IN_CARAVAN');
  });

  it('refuses a CPF twice in the same caravan and a bad row, before touching anything', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const l = await leader();
    const group = people(3);
    group[2]!.cpf = group[0]!.cpf;
    const dup = await caravan(l.token, fx, { paymentMethod: 'cash', people: group });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(caravanMessages.duplicateCpf(3));
    const bad = await caravan(l.token, fx, {
      paymentMethod: 'cash',
      people: [...people(1), { name: 'Só', cpf: '11111111111', email: '' }],
    });
    expect(bad.status).toBe(400);
    const one = await caravan(l.token, fx, { paymentMethod: 'cash', people: people(1) });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe(caravanMessages.minPeople);
    expect(await counts(fx)).toEqual({ regs: 0, groups: 0, confirmations: 0 });
  });

  it('PIX: one payment for the total; when it is paid every registration of the group is paid', async () => {
    const fx = await makeEvent(db(), { total: 4, price: 3000, methods: ['mp_pix'] });
    const l = await leader();
    const { status, body } = await caravan(l.token, fx, { paymentMethod: 'mp_pix', people: people(4) });
    expect(status).toBe(201);
    expect(body.status).toBe('pending');
    expect(body.request_data.qr_code).toMatch(/^00020126pix-/);
    const payment = t.payments.byId.get(body.transaction_id)!;
    expect(payment.amountCents).toBe(12_000);
    t.payments.settle(payment.id, 'approved');
    const applied = await applyProviderPayment(db(), t.payments.byId.get(payment.id)!);
    expect(applied).toEqual({ outcome: 'changed', status: 'paid' });
    const regs = await db().query<{ status: string }>(
      'select status from registrations where group_id = $1',
      [body.group_id],
    );
    expect(regs.map((r) => r.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    // each guest with an e-mail got their ticket's e-mails; the one without got none
    const mails = await db().query<{ to_address: string }>(
      `select distinct to_address from mail_outbox where kind <> 'caravan_summary' and payload->>'registration_id' in
         (select id::text from registrations where group_id = $1)`,
      [body.group_id],
    );
    expect(mails).toHaveLength(3);
  });

  it("the leader gets a summary when the caravan is registered and again when its PIX is paid: each person's ticket state, total, payment status", async () => {
    const fx = await makeEvent(db(), { total: 4, price: 3000, methods: ['mp_pix'] });
    const l = await leader();
    const group = people(3);
    const { body } = await caravan(l.token, fx, { paymentMethod: 'mp_pix', people: group });
    const summaries = async () =>
      db().query<{ to_address: string; dedupe_key: string; payload: Record<string, unknown> }>(
        `select to_address, dedupe_key, payload from mail_outbox
          where kind = 'caravan_summary' and payload->>'group_id' = $1 order by created_at, id`,
        [body.group_id],
      );
    const [first] = await summaries();
    expect(first).toMatchObject({
      to_address: l.email,
      dedupe_key: `caravan_summary:${body.group_id}:pending`,
      payload: {
        registration_id: body.registrations[0].id,
        frozen_total: 9000,
        strategy: 'mp_pix',
        payment_status: 'pending',
        people: [...group]
          .map((p) => ({ name: p.name, status: 'pending' }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    });
    t.payments.settle(body.transaction_id, 'approved');
    await applyProviderPayment(db(), t.payments.byId.get(body.transaction_id)!);
    const after = await summaries();
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      to_address: l.email,
      dedupe_key: `caravan_summary:${body.group_id}:paid`,
      payload: { payment_status: 'paid' },
    });
    expect((after[1]!.payload.people as { status: string }[]).map((p) => p.status)).toEqual([
      'paid',
      'paid',
      'paid',
    ]);
    // the same payment notified again writes nothing more
    await applyProviderPayment(db(), t.payments.byId.get(body.transaction_id)!);
    expect(await summaries()).toHaveLength(2);
  });

  it('a payment for one person only (the wrong amount) pays nobody', async () => {
    const fx = await makeEvent(db(), { total: 4, price: 3000, methods: ['mp_pix'] });
    const l = await leader();
    const { body } = await caravan(l.token, fx, { paymentMethod: 'mp_pix', people: people(2) });
    const payment = { ...t.payments.byId.get(body.transaction_id)!, amountCents: 3000, status: 'approved' };
    expect(await applyProviderPayment(db(), payment as never)).toEqual({
      outcome: 'ignored',
      reason: 'amount_mismatch',
    });
  });

  it('the door counts each person once: four check-ins, a replay and another door conflict', async () => {
    const fx = await makeEvent(db(), { total: 4, price: 0, methods: [], startsAt: new Date() });
    const l = await leader();
    const { body } = await caravan(l.token, fx, { people: people(4) });
    expect(body.status).toBe('paid');
    const ids: string[] = body.registrations.map((r: { id: string }) => r.id);
    const staff = (await makeUsers(db(), 1))[0]!;
    const items = ids.map((id) => ({
      clientId: crypto.randomUUID(),
      registrationId: id,
      scannedAt: new Date().toISOString(),
    }));
    const sync = (list: typeof items, device: string) =>
      syncCheckins(db(), { eventId: fx.eventId, device, checkedBy: staff, items: list, now: new Date() });
    expect((await sync(items.slice(0, 3), 'Porta 1')).map((o) => o.kind)).toEqual([
      'created',
      'created',
      'created',
    ]);
    // a replay is the same check-in; another door admitting the first again is a conflict
    const again = await sync(
      [items[0]!, { ...items[1]!, clientId: crypto.randomUUID() }, items[3]!],
      'Porta 2',
    );
    expect(again.map((o) => o.kind)).toEqual(['created', 'conflict', 'created']);
    expect(again[1]!.device).toBe('Porta 1');
    const [n] = await db().query<{ n: number }>(
      'select count(*)::int as n from checkins where event_id = $1',
      [fx.eventId],
    );
    expect(n!.n).toBe(4);
  });
});

describe('staff', () => {
  it('see each guest by name with the caravan, and the report counts each person', async () => {
    const fx = await makeEvent(db(), { total: 10 });
    const l = await leader();
    const group = people(3);
    await caravan(l.token, fx, { paymentMethod: 'cash', people: group });
    const page = await listAdminConfirmations(db(), { eventId: fx.eventId }, undefined);
    expect(page.items.map((i) => i.user.name).sort()).toEqual(group.map((p) => p.name).sort());
    const [leaderName] = await db().query<{ name: string }>('select name from profiles where id = $1', [
      l.id,
    ]);
    expect(page.items.every((i) => i.caravan?.leader_name === leaderName!.name)).toBe(true);
    expect(page.items.find((i) => i.user.name === group[0]!.name)!.user.email).toBe(group[0]!.email);
    const found = await listAdminConfirmations(db(), { eventId: fx.eventId, text: 'Caravana B' }, undefined);
    expect(found.items.map((i) => i.user.name)).toEqual([group[1]!.name]);
    // the report counts each person of the caravan (with the leader's congregation)
    const summary = await reportSummary(db(), fx.eventId);
    expect(summary.registrations).toBe(3);
    expect(summary.status).toEqual([{ status: 'pending', cnt: 3 }]);
    // a paid guest's badge bears the guest's name
    await db().query(`update registrations set status = 'paid' where event_id = $1`, [fx.eventId]);
    const { badges } = await eventBadges(db(), fx.eventId);
    expect(badges.map((b) => b.name).sort()).toEqual(group.map((p) => p.name).sort());
  });
});

describe('POST /v1/registrations/{id}/claim', () => {
  it('the account of the guest e-mail takes the ticket; another account cannot', async () => {
    const fx = await makeEvent(db(), { total: 4, price: 0, methods: [] });
    const l = await leader();
    const group = people(2);
    const { body } = await caravan(l.token, fx, { people: group });
    const ticket = body.registrations[0].id as string;
    const [guest] = await makeUsers(db(), 1);
    const stranger = await t.call(`/v1/registrations/${ticket}/claim`, { token: l.token, method: 'POST' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('CLAIM_NOT_ALLOWED');
    const token = t.tokenFor({ id: guest!, email: group[0]!.email.toUpperCase() });
    const shown = await t.call(`/v1/registrations/${ticket}/claim`, { token });
    expect(shown.body).toMatchObject({ id: ticket, name: group[0]!.name, event_title: 'Evento de teste' });
    const claimed = await t.call(`/v1/registrations/${ticket}/claim`, { token, method: 'POST' });
    expect(claimed.status).toBe(200);
    const mine = await t.call('/v1/registrations', { token });
    expect(mine.body.map((r: { id: string }) => r.id)).toEqual([ticket]);
    expect(mine.body[0].guest).toBeNull();
    expect(mine.body[0].group.leader).toBe(false);
    const leaders = await t.call('/v1/registrations', { token: l.token });
    expect(leaders.body.filter((r: { event_id: string }) => r.event_id === fx.eventId)).toHaveLength(1);

    // the claimed CPF is still held on the event: another caravan cannot register that person again
    const other = await leader();
    const again = await caravan(other.token, fx, {
      people: [{ ...group[0]!, email: '' }, people(1)[0]!],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CARAVAN_CPF_REGISTERED');
    expect(await tierAvailable(db(), fx.tierId)).toBe(2);
  });
});
