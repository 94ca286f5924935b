/**
 * Walk-ins and cash at the door (permission `door_sales`; src/domain/door-sales.ts): the items a
 * door queued, applied each in its own transaction, exactly once on the item's client UUID
 * (`door_sales.client_id`: a replay answers what the first time did, and writes nothing).
 *
 * - walk-in: a guest registration (walk_in, owned by the volunteer's account, name and CPF or phone),
 *   paid in cash or free, and its check-in. A CPF that already has an active registration in the
 *   event (a member's, a caravan guest's or another walk-in's) makes no second one: the item answers
 *   `conflict` and is kept with the doors' conflicts (checkin_conflicts, kind walk_in). The CPF is
 *   locked first (the member's profile row and an advisory lock), so a concurrent online checkout of
 *   the same person (checkout.service.ts locks the profile too) and this walk-in run one after the other.
 * - cash: the registration's pending cash attempt moves to paid (the one transition function), then
 *   the check-in. Reports count it as cash: the attempt's method is `cash`.
 *
 * Every item leaves a door_sales row (who, which door, when, the amount): the audit.
 */
import { sql } from 'kysely';
import type { SyncOutcome } from '../../../../src/domain/checkin.ts';
import type { CashItem, DoorSaleItem, WalkInItem } from '../../../../src/domain/door-sales.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { iso } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { syncCheckins } from './checkins.service.ts';

interface SaleInput {
  eventId: string;
  device: string;
  soldBy: string;
  now: Date;
}

type Outcome = SyncOutcome['kind'];

export async function syncDoorSales(
  db: Db,
  input: SaleInput & { items: DoorSaleItem[] },
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const item of input.items) {
    outcomes.push(
      await db.transaction(async (tx) => {
        // two deliveries of one item (a retry racing the first) wait for each other here
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`door-sale:${item.clientId}`]);
        const done = await runOneOrNull(
          tx,
          qb
            .selectFrom('door_sales')
            .select(['outcome', 'registration_id'])
            .where('client_id', '=', item.clientId),
        );
        if (done) return replay(tx, input, item, done.outcome as Outcome, done.registration_id);
        return item.kind === 'walk_in' ? walkIn(tx, input, item) : cash(tx, input, item);
      }),
    );
  }
  return outcomes;
}

/** The door_sales row: the audit of one item. */
async function record(
  tx: Db,
  input: SaleInput,
  item: DoorSaleItem,
  outcome: Outcome,
  registrationId: string | null,
  amount = item.amount,
) {
  await exec(
    tx,
    qb.insertInto('door_sales').values({
      client_id: item.clientId,
      kind: item.kind,
      event_id: input.eventId,
      registration_id: registrationId,
      outcome,
      amount,
      device: input.device || null,
      sold_by: input.soldBy,
      scanned_at: new Date(item.scannedAt),
    }),
  );
}

/** The item's check-in, idempotent on its client UUID (checkins.service.ts syncCheckins). */
async function checkIn(tx: Db, input: SaleInput, item: DoorSaleItem, registrationId: string) {
  const [outcome] = await syncCheckins(tx, {
    eventId: input.eventId,
    device: input.device,
    checkedBy: input.soldBy,
    now: input.now,
    items: [
      {
        clientId: item.clientId,
        registrationId,
        scannedAt: item.scannedAt,
        ...(item.sessionId ? { sessionId: item.sessionId } : {}),
      },
    ],
  });
  return outcome!;
}

const none = (item: DoorSaleItem, kind: Outcome): SyncOutcome => ({
  clientId: item.clientId,
  kind,
  at: null,
  device: null,
});

/** The active registration of the event holding this CPF (member, caravan guest or walk-in). */
async function registrationWithCpf(tx: Db, eventId: string, cpf: string) {
  return runOneOrNull(
    tx,
    qb
      .selectFrom('registrations as r')
      .leftJoin('profiles as p', 'p.id', 'r.user_id')
      .select(['r.id', 'r.created_at', sql<string>`coalesce(r.guest_name, p.name, '')`.as('name')])
      .where('r.event_id', '=', eventId)
      .where('r.status', 'in', ['pending', 'analysis', 'paid'])
      .where((eb) =>
        eb.or([
          eb('r.guest_cpf', '=', cpf),
          eb('r.claimed_cpf', '=', cpf),
          eb.and([eb('r.guest_name', 'is', null), eb('p.cpf', '=', cpf)]),
        ]),
      )
      .orderBy('r.created_at')
      .limit(1),
  );
}

const walkInConflict = (
  item: DoorSaleItem,
  held: { created_at: Date | string; name: string },
): SyncOutcome => ({
  clientId: item.clientId,
  kind: 'conflict',
  at: iso(held.created_at),
  device: null,
  registered: held.name,
});

async function walkIn(tx: Db, input: SaleInput, item: WalkInItem): Promise<SyncOutcome> {
  const tier = await runOneOrNull(
    tx,
    qb
      .selectFrom('pricing_tiers')
      .select(['id'])
      .where('id', '=', item.tierId)
      .where('event_id', '=', input.eventId),
  );
  const taken = await runOneOrNull(
    tx,
    qb.selectFrom('registrations').select('id').where('id', '=', item.registrationId),
  );
  if (!tier || taken) {
    await record(tx, input, item, 'not_found', null);
    return none(item, 'not_found');
  }
  if (item.cpf) {
    // the CPF's holders locked first: an online checkout of this person waits for this walk-in
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`cpf:${input.eventId}:${item.cpf}`]);
    await run(tx, qb.selectFrom('profiles').select('id').where('cpf', '=', item.cpf).forUpdate());
    const held = await registrationWithCpf(tx, input.eventId, item.cpf);
    if (held) {
      await exec(
        tx,
        qb.insertInto('checkin_conflicts').values({
          event_id: input.eventId,
          registration_id: held.id,
          session_id: item.sessionId ?? null,
          client_id: item.clientId,
          device: input.device || null,
          scanned_at: new Date(item.scannedAt),
          winner_device: null,
          winner_at: new Date(held.created_at),
          kind: 'walk_in',
          walk_in_name: item.name,
        }),
      );
      await record(tx, input, item, 'conflict', held.id);
      return walkInConflict(item, held);
    }
  }
  await exec(
    tx,
    qb.insertInto('registrations').values({
      id: item.registrationId,
      user_id: input.soldBy,
      tier_id: item.tierId,
      event_id: input.eventId,
      frozen_value: item.amount,
      status: 'paid',
      guest_name: item.name,
      guest_cpf: item.cpf ?? null,
      guest_phone: item.phone ?? null,
      walk_in: true,
    }),
  );
  await exec(
    tx,
    qb.insertInto('registration_confirmations').values({
      registration_id: item.registrationId,
      strategy: item.amount > 0 ? 'cash' : 'open',
      status: 'paid',
      paid_at: input.now,
      reviewed_by: input.soldBy,
      response_data: { door: input.device || null },
    }),
  );
  // a place of a limited tier while one is left: the person is already in, a full tier never refuses them
  await exec(
    tx,
    qb
      .updateTable('pricing_tiers')
      .set((eb) => ({ available: eb('available', '-', 1) }))
      .where('id', '=', item.tierId)
      .where('available', '>', 0),
  );
  const outcome = await checkIn(tx, input, item, item.registrationId);
  await record(tx, input, item, outcome.kind, item.registrationId);
  return outcome;
}

async function cash(tx: Db, input: SaleInput, item: CashItem): Promise<SyncOutcome> {
  const reg = await runOneOrNull(
    tx,
    qb
      .selectFrom('registrations')
      .select(['id', 'status'])
      .where('id', '=', item.registrationId)
      .where('event_id', '=', input.eventId)
      .forUpdate(),
  );
  if (!reg) {
    await record(tx, input, item, 'not_found', null);
    return none(item, 'not_found');
  }
  const attempt = await runOneOrNull(
    tx,
    qb
      .selectFrom('registration_confirmations')
      .select(['id', 'strategy', 'status'])
      .where('registration_id', '=', reg.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
  const due = reg.status === 'pending' && attempt?.strategy === 'cash' && attempt.status === 'pending';
  // paid meanwhile (staff approved it online): admitted, no cash counted; anything else is not paid
  if (!due && reg.status !== 'paid') {
    await record(tx, input, item, 'not_paid', reg.id, 0);
    return none(item, 'not_paid');
  }
  if (due) {
    await transitionConfirmation(tx, {
      confirmationId: attempt!.id,
      to: 'paid',
      reviewedBy: input.soldBy,
      responseData: { door: input.device || null, amount: item.amount },
    });
  }
  const outcome = await checkIn(tx, input, item, reg.id);
  await record(tx, input, item, outcome.kind, reg.id, due ? item.amount : 0);
  return outcome;
}

/** A replay: what the item answered the first time, nothing written. */
async function replay(
  tx: Db,
  input: SaleInput,
  item: DoorSaleItem,
  outcome: Outcome,
  registrationId: string | null,
): Promise<SyncOutcome> {
  if (outcome === 'not_found' || outcome === 'not_paid' || !registrationId) return none(item, outcome);
  if (item.kind === 'walk_in' && outcome === 'conflict') {
    const held = await runOneOrNull(
      tx,
      qb
        .selectFrom('registrations as r')
        .leftJoin('profiles as p', 'p.id', 'r.user_id')
        .select(['r.created_at', sql<string>`coalesce(r.guest_name, p.name, '')`.as('name')])
        .where('r.id', '=', registrationId),
    );
    return held ? walkInConflict(item, held) : none(item, 'conflict');
  }
  // the check-in part answers from its own client UUID (created, or the conflict it met)
  return checkIn(tx, input, item, registrationId);
}
