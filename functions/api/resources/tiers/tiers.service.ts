/**
 * Pricing tiers (lotes) of an event, written by the editor. Capacity stays right under any
 * concurrency: a change of `total` here moves `available` by the same delta in the same single UPDATE
 * (`availableAfter` in places.ts, where every rule on places lives), refused when it would leave
 * fewer places than are already taken.
 */
import { sql } from 'kysely';
import type { TierBody } from '../../../../src/domain/event-editor.ts';
import type { PricingTier } from '../../../../src/domain/types.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, conflict, notFound, pgErrorCode } from '../../lib/errors.ts';
import { isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { availableAfter, offerFreePlaces } from './places.ts';

const columns = [
  'id',
  'event_id',
  'name',
  'description',
  'price',
  'order',
  'starts_at',
  'ends_at',
  'available',
  'total',
  'restricted_payment_methods',
  'custom_pix_key',
  'payment_link',
  'staff_only',
  'door_only',
] as const;

type TierRow = Omit<PricingTier, 'starts_at' | 'ends_at'> & { starts_at: Date | null; ends_at: Date | null };
const toTier = (r: TierRow): PricingTier => ({
  ...r,
  starts_at: isoOrNull(r.starts_at),
  ends_at: isoOrNull(r.ends_at),
});

async function ensureEvent(db: Db, eventId: string): Promise<void> {
  const event = await runOneOrNull(
    db,
    qb.selectFrom('events').select('id').where('id', '=', eventId).where('deleted_at', 'is', null),
  );
  if (!event) throw notFound('EVENT_NOT_FOUND');
}

/** Adds a tier at the end of the event's list; every place of a limited tier starts available. */
export async function createTier(db: Db, eventId: string, body: TierBody): Promise<PricingTier> {
  await ensureEvent(db, eventId);
  const [row] = await run(
    db,
    qb
      .insertInto('pricing_tiers')
      .values((eb) => ({
        event_id: eventId,
        name: body.name,
        description: body.description ?? null,
        price: body.price,
        starts_at: body.starts_at ?? null,
        ends_at: body.ends_at ?? null,
        total: body.total,
        available: body.total,
        restricted_payment_methods: body.restricted_payment_methods,
        custom_pix_key: body.custom_pix_key ?? null,
        payment_link: body.payment_link ?? null,
        staff_only: body.staff_only,
        door_only: body.door_only,
        order: eb
          .selectFrom('pricing_tiers')
          .select(sql<number>`coalesce(max("order") + 1, 0)`.as('next'))
          .where('event_id', '=', eventId),
      }))
      .returning(columns),
  );
  return toTier(row!);
}

/**
 * Updates a tier in one statement; TOTAL_BELOW_TAKEN when the new total is under the places taken.
 * Places a raised total frees go first to the tier's waiting list (`offerFreePlaces`), in the same
 * transaction.
 */
export async function updateTier(
  db: Db,
  eventId: string,
  tierId: string,
  body: TierBody,
): Promise<PricingTier> {
  const next = availableAfter(body.total);
  return db.transaction(async (tx) => {
    const row = await runOneOrNull(
      tx,
      qb
        .updateTable('pricing_tiers')
        .set({
          name: body.name,
          description: body.description ?? null,
          price: body.price,
          starts_at: body.starts_at ?? null,
          ends_at: body.ends_at ?? null,
          total: body.total,
          available: next,
          restricted_payment_methods: body.restricted_payment_methods,
          custom_pix_key: body.custom_pix_key ?? null,
          payment_link: body.payment_link ?? null,
          staff_only: body.staff_only,
          door_only: body.door_only,
        })
        .where('id', '=', tierId)
        .where('event_id', '=', eventId)
        .where(body.total === null ? sql<boolean>`true` : sql<boolean>`${next} >= 0`)
        .returning(columns),
    );
    if (row) {
      if (row.total === null || !row.available || !(await offerFreePlaces(tx, tierId))) return toTier(row);
      const offered = await runOneOrNull(
        tx,
        qb.selectFrom('pricing_tiers').select(columns).where('id', '=', tierId),
      );
      return toTier(offered!);
    }
    const exists = await runOneOrNull(
      tx,
      qb.selectFrom('pricing_tiers').select('id').where('id', '=', tierId).where('event_id', '=', eventId),
    );
    if (!exists) throw notFound('TIER_NOT_FOUND');
    throw new ApiHttpError(409, 'TOTAL_BELOW_TAKEN');
  });
}

/** Sets the display order: `ids` must be exactly the event's tiers. */
export async function reorderTiers(db: Db, eventId: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await run(
      tx,
      qb.selectFrom('pricing_tiers').select('id').where('event_id', '=', eventId),
    );
    const known = new Set(current.map((t) => t.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new ApiHttpError(400, 'INVALID_DATA');
    }
    for (const [order, id] of ids.entries()) {
      await exec(tx, qb.updateTable('pricing_tiers').set({ order }).where('id', '=', id));
    }
  });
}

/** Deletes a tier without registrations (the history of one that has them is kept: 409). */
export async function deleteTier(db: Db, eventId: string, tierId: string): Promise<void> {
  const taken = await runOneOrNull(
    db,
    qb.selectFrom('registrations').select('id').where('tier_id', '=', tierId).limit(1),
  );
  if (taken) throw conflict('TIER_HAS_REGISTRATIONS');
  try {
    const gone = await runOneOrNull(
      db,
      qb.deleteFrom('pricing_tiers').where('id', '=', tierId).where('event_id', '=', eventId).returning('id'),
    );
    if (!gone) throw notFound('TIER_NOT_FOUND');
  } catch (error) {
    // a registration arrived between the check and the delete: the foreign key refuses it
    const code = pgErrorCode(error);
    if (code === '23503' || code === '23001') throw conflict('TIER_HAS_REGISTRATIONS');
    throw error;
  }
}
