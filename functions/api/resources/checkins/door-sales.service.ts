/**
 * Walk-ins and cash at the door (permission `door_sales`; src/domain/door-sales.ts): the items a
 * door queued, applied together in one transaction per upload with one statement per table (the
 * items' reads, the registrations, their payment attempts, the check-ins, the audit rows), exactly
 * once on the item's client UUID (`door_sales.client_id`: a replay answers what the first time did,
 * and writes nothing).
 *
 * - walk-in: a guest registration (walk_in, owned by the volunteer's account, name and CPF or phone),
 *   paid in cash or free, and its check-in. A CPF that already has an active registration in the
 *   event (a member's, a caravan guest's or another walk-in's) makes no second one: the item answers
 *   `conflict` and is kept with the doors' conflicts (checkin_conflicts, kind walk_in). The CPF is
 *   locked first (the member's profile row and an advisory lock), so a concurrent online checkout of
 *   the same person (checkout.service.ts locks the profile too) and this walk-in run one after the other;
 *   two walk-ins of one CPF in one upload: the second is the conflict.
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
  return db.transaction((tx) => applyBatch(tx, input));
}

/** Advisory locks on keys, taken in one order (by hash) so two uploads never wait on each other in a cycle. */
async function lockKeys(tx: Db, keys: string[]) {
  if (keys.length === 0) return;
  await tx.query(
    `select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from unnest($1::text[]) k) s order by h`,
    [keys],
  );
}

interface Audit {
  item: DoorSaleItem;
  outcome: Outcome;
  registrationId: string | null;
  amount: number;
}

async function applyBatch(tx: Db, input: SaleInput & { items: DoorSaleItem[] }): Promise<SyncOutcome[]> {
  const { items } = input;
  // two deliveries of one item (a retry racing the first) wait for each other here
  await lockKeys(
    tx,
    items.map((i) => `door-sale:${i.clientId}`),
  );
  const done = new Map(
    (
      await run(
        tx,
        qb
          .selectFrom('door_sales')
          .select(['client_id', 'outcome', 'registration_id'])
          .where(
            'client_id',
            'in',
            items.map((i) => i.clientId),
          ),
      )
    ).map((r) => [r.client_id, r]),
  );
  const answers = new Map<string, SyncOutcome>();
  // the items whose check-in still has to be asked of syncCheckins: client UUID → registration
  const admit = new Map<string, { item: DoorSaleItem; registrationId: string }>();
  const audits: Audit[] = [];
  const seen = new Set<string>();
  const fresh: DoorSaleItem[] = [];
  for (const item of items) {
    if (seen.has(item.clientId)) continue; // the same item twice in one upload: one answer for both
    seen.add(item.clientId);
    const first = done.get(item.clientId);
    if (!first) fresh.push(item);
    else if (first.outcome === 'not_found' || first.outcome === 'not_paid' || !first.registration_id)
      answers.set(item.clientId, none(item, first.outcome as Outcome));
    else if (item.kind === 'walk_in' && first.outcome === 'conflict')
      answers.set(item.clientId, await replayConflict(tx, item, first.registration_id));
    // the check-in part answers from its own client UUID (created, or the conflict it met)
    else admit.set(item.clientId, { item, registrationId: first.registration_id });
  }
  const walkIns = fresh.filter((i): i is WalkInItem => i.kind === 'walk_in');
  const cashItems = fresh.filter((i): i is CashItem => i.kind === 'cash');
  if (walkIns.length > 0) await walkInBatch(tx, input, walkIns, answers, admit, audits);
  if (cashItems.length > 0) await cashBatch(tx, input, cashItems, answers, admit, audits);
  if (admit.size > 0) {
    const outcomes = await syncCheckins(tx, {
      eventId: input.eventId,
      device: input.device,
      checkedBy: input.soldBy,
      now: input.now,
      items: [...admit.values()].map(({ item, registrationId }) => ({
        clientId: item.clientId,
        registrationId,
        scannedAt: item.scannedAt,
        ...(item.sessionId ? { sessionId: item.sessionId } : {}),
      })),
    });
    for (const outcome of outcomes) answers.set(outcome.clientId, outcome);
  }
  // the audit of each new item: admitted ones carry their check-in's outcome
  if (audits.length > 0) {
    await exec(
      tx,
      qb.insertInto('door_sales').values(
        audits.map((a) => ({
          client_id: a.item.clientId,
          kind: a.item.kind,
          event_id: input.eventId,
          registration_id: a.registrationId,
          outcome: (a.outcome === 'created' && answers.get(a.item.clientId)?.kind) || a.outcome,
          amount: a.amount,
          device: input.device || null,
          sold_by: input.soldBy,
          scanned_at: new Date(a.item.scannedAt),
        })),
      ),
    );
  }
  return items.map((i) => answers.get(i.clientId) ?? none(i, 'not_found'));
}

const none = (item: DoorSaleItem, kind: Outcome): SyncOutcome => ({
  clientId: item.clientId,
  kind,
  at: null,
  device: null,
});

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

type Answers = Map<string, SyncOutcome>;
type Admit = Map<string, { item: DoorSaleItem; registrationId: string }>;

async function walkInBatch(
  tx: Db,
  input: SaleInput,
  list: WalkInItem[],
  answers: Answers,
  admit: Admit,
  audits: Audit[],
) {
  const tiers = new Set(
    (
      await run(
        tx,
        qb
          .selectFrom('pricing_tiers')
          .select('id')
          .where('event_id', '=', input.eventId)
          .where(
            'id',
            'in',
            list.map((i) => i.tierId),
          ),
      )
    ).map((r) => r.id),
  );
  const taken = new Set(
    (
      await run(
        tx,
        qb
          .selectFrom('registrations')
          .select('id')
          .where(
            'id',
            'in',
            list.map((i) => i.registrationId),
          ),
      )
    ).map((r) => r.id),
  );
  const cpfs = [...new Set(list.flatMap((i) => (i.cpf ? [i.cpf] : [])))];
  // the active registration of the event holding each CPF (member, caravan guest or walk-in)
  const held = new Map<string, { id: string; created_at: Date | string; name: string }>();
  if (cpfs.length > 0) {
    // the CPFs' holders locked first: an online checkout of one of these people waits for this upload
    await lockKeys(
      tx,
      cpfs.map((cpf) => `cpf:${input.eventId}:${cpf}`),
    );
    await run(tx, qb.selectFrom('profiles').select('id').where('cpf', 'in', cpfs).orderBy('id').forUpdate());
    const rows = await run(
      tx,
      qb
        .selectFrom('registrations as r')
        .leftJoin('profiles as p', 'p.id', 'r.user_id')
        .select([
          'r.id',
          'r.created_at',
          sql<string>`coalesce(r.guest_name, p.name, '')`.as('name'),
          'r.guest_cpf',
          'r.claimed_cpf',
          sql<string | null>`case when r.guest_name is null then p.cpf end`.as('own_cpf'),
        ])
        .where('r.event_id', '=', input.eventId)
        .where('r.status', 'in', ['pending', 'analysis', 'paid'])
        .where((eb) =>
          eb.or([
            eb('r.guest_cpf', 'in', cpfs),
            eb('r.claimed_cpf', 'in', cpfs),
            eb.and([eb('r.guest_name', 'is', null), eb('p.cpf', 'in', cpfs)]),
          ]),
        )
        .orderBy('r.created_at')
        .orderBy('r.id'),
    );
    for (const r of rows) {
      for (const cpf of [r.guest_cpf, r.claimed_cpf, r.own_cpf]) {
        if (cpf && cpfs.includes(cpf) && !held.has(cpf)) held.set(cpf, r);
      }
    }
  }
  const made: WalkInItem[] = [];
  const conflicts: { item: WalkInItem; heldId: string; heldAt: Date | string }[] = [];
  for (const item of list) {
    if (!tiers.has(item.tierId) || taken.has(item.registrationId)) {
      audits.push({ item, outcome: 'not_found', registrationId: null, amount: item.amount });
      answers.set(item.clientId, none(item, 'not_found'));
      continue;
    }
    taken.add(item.registrationId);
    const holder = item.cpf ? held.get(item.cpf) : undefined;
    if (holder) {
      conflicts.push({ item, heldId: holder.id, heldAt: holder.created_at });
      audits.push({ item, outcome: 'conflict', registrationId: holder.id, amount: item.amount });
      answers.set(item.clientId, walkInConflict(item, holder));
      continue;
    }
    // a second walk-in of this CPF in the same upload meets this one
    if (item.cpf) held.set(item.cpf, { id: item.registrationId, created_at: input.now, name: item.name });
    made.push(item);
    audits.push({ item, outcome: 'created', registrationId: item.registrationId, amount: item.amount });
    admit.set(item.clientId, { item, registrationId: item.registrationId });
  }
  if (made.length > 0) {
    const createdAt = await run(
      tx,
      qb
        .insertInto('registrations')
        .values(
          made.map((item) => ({
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
          })),
        )
        .returning(['id', 'created_at']),
    );
    // a conflict with a walk-in of this upload names that registration's own time
    const at = new Map(createdAt.map((r) => [r.id, r.created_at]));
    for (const c of conflicts) {
      const made = at.get(c.heldId);
      if (!made) continue;
      c.heldAt = made;
      answers.set(c.item.clientId, { ...answers.get(c.item.clientId)!, at: iso(made) });
    }
    await exec(
      tx,
      qb.insertInto('registration_confirmations').values(
        made.map((item) => ({
          registration_id: item.registrationId,
          strategy: item.amount > 0 ? 'cash' : 'open',
          status: 'paid',
          paid_at: input.now,
          reviewed_by: input.soldBy,
          response_data: { door: input.device || null },
        })),
      ),
    );
    // a place of a limited tier while one is left: the person is already in, a full tier never refuses them
    const perTier = new Map<string, number>();
    for (const item of made) perTier.set(item.tierId, (perTier.get(item.tierId) ?? 0) + 1);
    await tx.query(
      `update public.pricing_tiers t set available = greatest(t.available - n.n, 0)
         from unnest($1::uuid[], $2::int[]) as n(id, n)
        where t.id = n.id and t.available > 0`,
      [[...perTier.keys()], [...perTier.values()]],
    );
  }
  if (conflicts.length > 0) {
    await exec(
      tx,
      qb.insertInto('checkin_conflicts').values(
        conflicts.map(({ item, heldId, heldAt }) => ({
          event_id: input.eventId,
          registration_id: heldId,
          session_id: item.sessionId ?? null,
          client_id: item.clientId,
          device: input.device || null,
          scanned_at: new Date(item.scannedAt),
          winner_device: null,
          winner_at: new Date(heldAt),
          kind: 'walk_in',
          walk_in_name: item.name,
        })),
      ),
    );
  }
}

async function cashBatch(
  tx: Db,
  input: SaleInput,
  list: CashItem[],
  answers: Answers,
  admit: Admit,
  audits: Audit[],
) {
  const ids = [...new Set(list.map((i) => i.registrationId))];
  // each registration with its newest payment attempt, locked
  const regs = new Map(
    (
      await tx.query<{
        id: string;
        status: string;
        confirmation_id: string | null;
        strategy: string | null;
        confirmation_status: string | null;
      }>(
        `select r.id, r.status, c.id as confirmation_id, c.strategy, c.status as confirmation_status
           from public.registrations r
           left join lateral (
             select c.id, c.strategy, c.status from public.registration_confirmations c
              where c.registration_id = r.id order by c.created_at desc, c.id desc limit 1) c on true
          where r.event_id = $1 and r.id = any($2::uuid[])
          order by r.id
            for update of r`,
        [input.eventId, ids],
      )
    ).map((r) => [r.id, r]),
  );
  const paidHere = new Set<string>();
  for (const item of list) {
    const reg = regs.get(item.registrationId);
    if (!reg) {
      audits.push({ item, outcome: 'not_found', registrationId: null, amount: item.amount });
      answers.set(item.clientId, none(item, 'not_found'));
      continue;
    }
    const due =
      !paidHere.has(reg.id) &&
      reg.status === 'pending' &&
      reg.strategy === 'cash' &&
      reg.confirmation_status === 'pending';
    // paid meanwhile (staff approved it online, or an earlier item of this upload): admitted, no cash
    // counted; anything else is not paid
    if (!due && reg.status !== 'paid' && !paidHere.has(reg.id)) {
      audits.push({ item, outcome: 'not_paid', registrationId: reg.id, amount: 0 });
      answers.set(item.clientId, none(item, 'not_paid'));
      continue;
    }
    if (due) {
      // the one transition function (mail, audit, the caravan's group): one call per payment taken
      await transitionConfirmation(tx, {
        confirmationId: reg.confirmation_id!,
        to: 'paid',
        reviewedBy: input.soldBy,
        responseData: { door: input.device || null, amount: item.amount },
      });
      paidHere.add(reg.id);
    }
    audits.push({ item, outcome: 'created', registrationId: reg.id, amount: due ? item.amount : 0 });
    admit.set(item.clientId, { item, registrationId: reg.id });
  }
}

/** A walk-in refused on its first delivery: the same conflict again, nothing written. */
async function replayConflict(tx: Db, item: DoorSaleItem, registrationId: string): Promise<SyncOutcome> {
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
