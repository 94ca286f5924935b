import { describe, expect, it } from 'vitest';
import { makeEvent, makeRegistration, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { mercadoPagoSuite } from '../../testing/mercadopago-suite.ts';
import { TEST_NOW } from '../../testing/test-app.ts';
import { leaveAllWaitlists } from './waitlist.service.ts';

// The waiting list (docs/product-spec.md §4, 'Lista de espera') in both projects: PGlite
// (integration) and a real PostgreSQL (postgres). Each test has its own sold-out event. Offers are
// timed by the database's clock; the PIX sweep by the test clock (TEST_NOW).
const suite = mercadoPagoSuite({ total: 1 });
const db = () => suite.db;
const HOUR = 3_600_000;

/** A limited tier with every place taken by registrations (cash, pending), and the holders. */
async function soldOut(places = 1, opts: { startsAt?: Date } = {}) {
  const fx = await makeEvent(db(), { total: places, startsAt: opts.startsAt });
  const holders = await makeUsers(db(), places);
  for (const user of holders) await makeRegistration(db(), fx, user);
  return { fx, holders };
}

const token = (id: string) => suite.t.tokenFor({ id });
const join = (tierId: string, user: string) =>
  suite.t.call(`/v1/waitlist/tiers/${tierId}`, { method: 'POST', token: token(user) });
const mine = async (tierId: string, user: string) =>
  (await suite.t.call(`/v1/waitlist/tiers/${tierId}`, { token: token(user) })).body.entry;
const cancel = (eventId: string, user: string) =>
  suite.t.call(`/v1/registrations/${eventId}/cancel-registration`, { method: 'POST', token: token(user) });
const checkout = (eventId: string, tierId: string, user: string) =>
  suite.t.call(`/v1/checkout/${eventId}/${tierId}`, {
    token: token(user),
    json: { tierId, paymentMethod: 'cash' },
  });
const offerMails = (user: string) =>
  db().query<{ payload: Record<string, unknown> }>(
    `select o.payload from mail_outbox o where o.kind = 'waitlist_offer' and o.to_address = (select email from auth.users where id = $1)`,
    [user],
  );
/** The offer's time is up (as if its hours had passed). */
const timeUp = (tierId: string) =>
  db().query(
    `update waitlist_entries set offer_expires_at = now() - interval '1 second' where tier_id = $1 and status = 'offered'`,
    [tierId],
  );
const sweep = () =>
  suite.t.call('/v1/mercadopago/sweep', { method: 'POST', headers: { authorization: 'Bearer service' } });

async function staff() {
  const [user] = await makeUsers(db(), 1);
  await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [user]);
  return { user: user!, token: token(user!) };
}

describe('joining the list', () => {
  it('only on a sold-out tier, once per member, not when registered; the position counts those ahead', async () => {
    const free = await makeEvent(db(), { total: 5 });
    const [a, b, c] = await makeUsers(db(), 3);
    const notSoldOut = await join(free.tierId, a!);
    expect(notSoldOut.status).toBe(409);
    expect(notSoldOut.body).toEqual({
      code: 'WAITLIST_NOT_SOLD_OUT',
      message: 'Este lote ainda tem vagas: faça sua inscrição.',
    });

    const { fx, holders } = await soldOut();
    expect((await suite.t.call(`/v1/waitlist/tiers/${fx.tierId}`, { method: 'POST' })).status).toBe(401);
    const first = await join(fx.tierId, a!);
    expect(first.status).toBe(201);
    expect(first.body.entry).toMatchObject({ status: 'waiting', position: 1, offer_expires_at: null });
    expect((await join(fx.tierId, b!)).body.entry.position).toBe(2);
    const again = await join(fx.tierId, a!);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WAITLIST_ALREADY_JOINED');
    const registered = await join(fx.tierId, holders[0]!);
    expect(registered.body.code).toBe('WAITLIST_ALREADY_REGISTERED');
    expect((await join('00000000-0000-4000-8000-000000000000', c!)).status).toBe(404);
    expect((await join('not-a-uuid', c!)).status).toBe(404);

    // a leaves: b moves up; joining again takes the end
    const left = await suite.t.call(`/v1/waitlist/tiers/${fx.tierId}`, {
      method: 'DELETE',
      token: token(a!),
    });
    expect(left.status).toBe(200);
    expect(await mine(fx.tierId, a!)).toBeNull();
    expect((await mine(fx.tierId, b!)).position).toBe(1);
    expect((await join(fx.tierId, a!)).body.entry.position).toBe(2);
    const notOn = await suite.t.call(`/v1/waitlist/tiers/${fx.tierId}`, {
      method: 'DELETE',
      token: token(c!),
    });
    expect(notOn.status).toBe(404);
  });
});

describe('a place that returns', () => {
  it('is held for the first person (an e-mail with the checkout link); only they can take it', async () => {
    const { fx, holders } = await soldOut();
    const [a, b, other] = await makeUsers(db(), 3);
    await join(fx.tierId, a!);
    await join(fx.tierId, b!);
    expect((await cancel(fx.eventId, holders[0]!)).status).toBe(200);

    // held: the sale still has no place
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    const offer = await mine(fx.tierId, a!);
    expect(offer).toMatchObject({ status: 'offered', position: null });
    const held = new Date(offer.offer_expires_at).getTime() - Date.now();
    expect(held).toBeGreaterThan(23.9 * HOUR);
    expect(held).toBeLessThanOrEqual(24 * HOUR);
    expect((await mine(fx.tierId, b!)).position).toBe(1);
    const [mail] = await offerMails(a!);
    expect(mail!.payload).toMatchObject({ tier_id: fx.tierId, event: { id: fx.eventId } });

    const someoneElse = await checkout(fx.eventId, fx.tierId, other!);
    expect(someoneElse.status).toBe(409);
    expect(someoneElse.body.code).toBe('TIER_UNAVAILABLE');
    const taken = await checkout(fx.eventId, fx.tierId, a!);
    expect(taken.status).toBe(201);
    expect(await mine(fx.tierId, a!)).toBeNull();
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    const [{ n }] = (await db().query<{ n: number }>(
      `select count(*)::int as n from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')`,
      [fx.tierId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('an offer not taken in time passes to the next (sweep, or lazily on read); then back to the sale', async () => {
    const { fx, holders } = await soldOut();
    const [a, b] = await makeUsers(db(), 2);
    await join(fx.tierId, a!);
    await join(fx.tierId, b!);
    await cancel(fx.eventId, holders[0]!);
    expect((await mine(fx.tierId, a!)).status).toBe('offered');

    await timeUp(fx.tierId);
    // too late for a: the place is not theirs any more, and not sold to them either
    expect((await checkout(fx.eventId, fx.tierId, a!)).body.code).toBe('TIER_UNAVAILABLE');
    const swept = await sweep();
    expect(swept.status).toBe(200);
    expect(swept.body.offers_passed).toBe(1);
    expect(await mine(fx.tierId, a!)).toBeNull();
    expect((await mine(fx.tierId, b!)).status).toBe('offered');
    expect(await offerMails(b!)).toHaveLength(1);
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);

    // nobody left after b: the read passes it, and the place goes back to the sale
    await timeUp(fx.tierId);
    expect(await mine(fx.tierId, b!)).toBeNull();
    expect(await tierAvailable(db(), fx.tierId)).toBe(1);
  });

  it('every path that frees a place offers it: a PIX expired, a staff cancel, a member leaving with an offer', async () => {
    const fx = await makeEvent(db(), { total: 2 });
    const [pixHolder, cashHolder, a, b, c] = await makeUsers(db(), 5);
    const pix = await makeRegistration(db(), fx, pixHolder!, { strategy: 'mp_pix' });
    const cash = await makeRegistration(db(), fx, cashHolder!, { strategy: 'cash' });
    for (const u of [a, b, c]) await join(fx.tierId, u!);

    // the PIX is overdue: the sweep expires it and the place goes to a
    await db().query('update registration_confirmations set expires_at = $2 where id = $1', [
      pix.confirmationId,
      new Date(TEST_NOW.getTime() - HOUR).toISOString(),
    ]);
    await sweep();
    expect((await mine(fx.tierId, a!)).status).toBe('offered');

    // staff 'Excluir' on the cash attempt: b
    const admin = await staff();
    const deleted = await suite.t.call(`/v1/admin/confirmations/${cash.confirmationId}/cancel`, {
      token: admin.token,
      json: { reason: 'Pedido da pessoa' },
    });
    expect(deleted.status).toBe(200);
    expect((await mine(fx.tierId, b!)).status).toBe('offered');

    // a leaves with the offer: it passes to c
    await suite.t.call(`/v1/waitlist/tiers/${fx.tierId}`, { method: 'DELETE', token: token(a!) });
    expect((await mine(fx.tierId, c!)).status).toBe('offered');
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
  });

  it("a deleted account's entries close (privacy.service.ts): a place held for it passes on", async () => {
    const { fx, holders } = await soldOut();
    const [gone, next] = await makeUsers(db(), 2);
    await join(fx.tierId, gone!);
    await join(fx.tierId, next!);
    await cancel(fx.eventId, holders[0]!);
    expect((await mine(fx.tierId, gone!)).status).toBe('offered');
    await leaveAllWaitlists(db(), gone!);
    expect(await mine(fx.tierId, gone!)).toBeNull();
    expect((await mine(fx.tierId, next!)).status).toBe('offered');
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
  });

  it('close to the event the offer is shorter: a quarter of the time left', async () => {
    const { fx, holders } = await soldOut(1, { startsAt: new Date(Date.now() + 8 * HOUR) });
    const [a] = await makeUsers(db(), 1);
    await join(fx.tierId, a!);
    await cancel(fx.eventId, holders[0]!);
    const held = new Date((await mine(fx.tierId, a!)).offer_expires_at).getTime() - Date.now();
    expect(held).toBeGreaterThan(1.9 * HOUR);
    expect(held).toBeLessThanOrEqual(2 * HOUR);
  });
});

describe('staff', () => {
  it('raising the total in the editor offers the new places to those waiting, in order; the rest go on sale', async () => {
    const { fx } = await soldOut();
    const [a, b, c] = await makeUsers(db(), 3);
    for (const u of [a, b, c]) await join(fx.tierId, u!);
    const admin = await staff();
    const raise = (total: number) =>
      suite.t.call(`/v1/admin/events/${fx.eventId}/tiers/${fx.tierId}`, {
        method: 'PUT',
        token: admin.token,
        json: { name: 'Lote', price: 5000, total },
      });

    const two = await raise(3);
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ total: 3, available: 0 });
    expect((await mine(fx.tierId, a!)).status).toBe('offered');
    expect((await mine(fx.tierId, b!)).status).toBe('offered');
    expect(await mine(fx.tierId, c!)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await offerMails(a!)).toHaveLength(1);
    expect(await offerMails(c!)).toHaveLength(0);

    // more places than people: c gets one, the other two go on sale
    const more = await raise(6);
    expect(more.body).toMatchObject({ total: 6, available: 2 });
    expect((await mine(fx.tierId, c!)).status).toBe('offered');
    expect(await tierAvailable(db(), fx.tierId)).toBe(2);
  });

  it('see the list, move, remove, offer by hand and set the hours; audited; members may not', async () => {
    const { fx, holders } = await soldOut();
    const [a, b, c] = await makeUsers(db(), 3);
    for (const u of [a, b, c]) await join(fx.tierId, u!);
    const admin = await staff();
    const base = `/v1/admin/events/${fx.eventId}/tiers/${fx.tierId}/waitlist`;

    expect((await suite.t.call(base, { token: token(a!) })).status).toBe(403);
    const list = await suite.t.call(base, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.tier).toMatchObject({ id: fx.tierId, total: 1, available: 0, offer_hours: 24 });
    expect(list.body.entries.map((e: { user_id: string }) => e.user_id)).toEqual([a, b, c]);
    const idOf = (u: string) =>
      list.body.entries.find((e: { user_id: string }) => e.user_id === u).id as string;
    const other = await makeEvent(db(), { total: 1 });
    expect(
      (
        await suite.t.call(`/v1/admin/events/${other.eventId}/tiers/${fx.tierId}/waitlist`, {
          token: admin.token,
        })
      ).status,
    ).toBe(404);

    const moved = await suite.t.call(`${base}/${idOf(c!)}/move`, {
      token: admin.token,
      json: { direction: 'up' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.entries.map((e: { user_id: string }) => e.user_id)).toEqual([a, c, b]);
    const bad = await suite.t.call(`${base}/${idOf(c!)}/move`, {
      token: admin.token,
      json: { direction: 'left' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Escolha subir ou descer.');

    const removed = await suite.t.call(`${base}/${idOf(a!)}`, { method: 'DELETE', token: admin.token });
    expect(removed.body.entries.map((e: { position: number }) => e.position)).toEqual([1, 2]);
    expect(await mine(fx.tierId, a!)).toBeNull();

    // no place to give: refused, nothing held
    const noPlace = await suite.t.call(`${base}/${idOf(b!)}/offer`, { method: 'POST', token: admin.token });
    expect(noPlace.status).toBe(409);
    expect(noPlace.body.code).toBe('WAITLIST_NO_PLACE');
    // a place freed by raising the total: offered by hand to b (not the first), e-mailed
    await db().query('update pricing_tiers set total = 2, available = 1 where id = $1', [fx.tierId]);
    const offered = await suite.t.call(`${base}/${idOf(b!)}/offer`, { method: 'POST', token: admin.token });
    expect(offered.status).toBe(200);
    expect(offered.body.entries[0]).toMatchObject({ user_id: b, status: 'offered', position: null });
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    expect(await offerMails(b!)).toHaveLength(1);

    const hours = await suite.t.call(`${base}/hours`, {
      method: 'PUT',
      token: admin.token,
      json: { hours: 6 },
    });
    expect(hours.body.tier.offer_hours).toBe(6);
    const badHours = await suite.t.call(`${base}/hours`, {
      method: 'PUT',
      token: admin.token,
      json: { hours: 0 },
    });
    expect(badHours.status).toBe(400);
    expect(badHours.body.message).toBe('Informe um número inteiro de horas entre 1 e 168.');
    await cancel(fx.eventId, holders[0]!);
    const next = await mine(fx.tierId, c!);
    expect(new Date(next.offer_expires_at).getTime() - Date.now()).toBeLessThanOrEqual(6 * HOUR);

    const audit = await db().query<{ action: string; subject_id: string }>(
      `select action, subject_id from audit_log where actor_id = $1 order by created_at, action`,
      [admin.user],
    );
    expect(audit.map((r) => r.action).sort()).toEqual([
      'waitlist.move_up',
      'waitlist.offer',
      'waitlist.remove',
    ]);
  });
});
