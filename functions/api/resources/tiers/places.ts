/**
 * The places of a limited tier (`pricing_tiers.available`), in one home: the checkout takes one, a
 * registration leaving the active set returns it, coming back takes it again, and the editor's change
 * of `total` moves `available` by the same delta. Each is a single UPDATE on the tier row: concurrent
 * callers queue on that row and PostgreSQL re-checks the WHERE on the version the other just wrote,
 * so no place is lost or sold twice under any concurrency. Unlimited tiers (total null) have no
 * places to count: `available` stays null.
 */
import { sql } from 'kysely';
import { INACTIVE_STATUSES } from '../../../../src/domain/registrations.ts';
import { exec, qb, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';

/**
 * Takes a place of the tier (inside the caller's transaction): `available - 1` while one is left;
 * 409 TIER_UNAVAILABLE when none is. An unlimited tier always matches. Answers whether the tier is
 * limited (a place was counted).
 */
export async function takePlace(db: Db, tierId: string): Promise<{ limited: boolean }> {
  const taken = await runOneOrNull(
    db,
    qb
      .updateTable('pricing_tiers')
      .set((eb) => ({ available: eb('available', '-', 1) }))
      .where('id', '=', tierId)
      .where((eb) => eb.or([eb('total', 'is', null), eb('available', '>', 0)]))
      .returning('total'),
  );
  if (!taken) throw new ApiHttpError(409, 'TIER_UNAVAILABLE');
  return { limited: taken.total !== null };
}

/**
 * Takes `count` places at once (a caravan): `available - count` only while that many are left, so a
 * group takes all its places or none (409 TIER_UNAVAILABLE, nothing taken).
 */
export async function takePlaces(db: Db, tierId: string, count: number): Promise<{ limited: boolean }> {
  const taken = await runOneOrNull(
    db,
    qb
      .updateTable('pricing_tiers')
      .set((eb) => ({ available: eb('available', '-', count) }))
      .where('id', '=', tierId)
      .where((eb) => eb.or([eb('total', 'is', null), eb('available', '>=', count)]))
      .returning('total'),
  );
  if (!taken) throw new ApiHttpError(409, 'TIER_UNAVAILABLE');
  return { limited: taken.total !== null };
}

/** Gives a place back to the tier (`available + 1`, limited tiers only). */
export async function returnPlace(db: Db, tierId: string): Promise<void> {
  await exec(
    db,
    qb
      .updateTable('pricing_tiers')
      .set((eb) => ({ available: eb('available', '+', 1) }))
      .where('id', '=', tierId)
      .where('total', 'is not', null),
  );
}

/**
 * Places left after setting the total to `total`, as SQL over the row being updated: null without
 * a limit; the same places taken as before otherwise (a tier that had no limit has taken one place
 * per active registration). Negative when the new total is under the places taken.
 */
export function availableAfter(total: number | null) {
  if (total === null) return sql<number | null>`null::integer`;
  return sql<number>`case
    when pricing_tiers.total is null then ${total}::integer - (
      select count(*)::integer from public.registrations r
       where r.tier_id = pricing_tiers.id and r.status not in (${sql.join([...INACTIVE_STATUSES])}))
    else pricing_tiers.available + (${total}::integer - pricing_tiers.total)
  end`;
}
