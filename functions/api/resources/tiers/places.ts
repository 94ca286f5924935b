/**
 * The places of a limited tier (`pricing_tiers.available`), in one home: the checkout takes one, a
 * registration leaving the active set returns it, coming back takes it again, and the editor's change
 * of `total` moves `available` by the same delta. A returned place goes to the tier's waiting list
 * first (docs/product-spec.md §4, 'Lista de espera'): while someone waits it stays taken, held for
 * the first person as an offer (`waitlist_entries` 'offered'), which their checkout takes
 * (`acceptOffer`) or which passes to the next person when its time is up (`passExpiredOffers`);
 * only with nobody waiting does `available` go up. Each is a single UPDATE on the tier row: concurrent
 * callers queue on that row and PostgreSQL re-checks the WHERE on the version the other just wrote,
 * so no place is lost or sold twice under any concurrency. Unlimited tiers (total null) have no
 * places to count: `available` stays null.
 */
import { sql } from 'kysely';
import { ACTIVE_STATUSES, INACTIVE_STATUSES } from '../../../../src/domain/registrations.ts';
import { offerHoldMs } from '../../../../src/domain/waitlist.ts';
import { exec, qb, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import { enqueueWaitlistOffer } from '../../mail/outbox.ts';
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

/**
 * Gives a place back (inside the caller's transaction): held for the first person waiting on the
 * tier, else back to the sale (`available + 1`, limited tiers only).
 */
export async function returnPlace(db: Db, tierId: string): Promise<void> {
  if (await offerToNext(db, tierId)) return;
  await releaseToSale(db, tierId);
}

async function releaseToSale(db: Db, tierId: string): Promise<void> {
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
 * After a limited tier's total is raised (inside the caller's transaction): each free place is held
 * for the next person waiting, in order, until the places or the people run out. Answers how many
 * offers were made (at most `max`: a raise of thousands is offered a batch at a time, the rest by the
 * next raise or by hand).
 */
export async function offerFreePlaces(db: Db, tierId: string, max = 200): Promise<number> {
  let offered = 0;
  while (offered < max) {
    // one free place counted as taken, as a returned place is, before it is offered
    const [taken] = await db.query<{ id: string }>(
      `update public.pricing_tiers set available = available - 1
        where id = $1 and total is not null and available > 0 returning id`,
      [tierId],
    );
    if (!taken) break;
    if (!(await offerToNext(db, tierId))) {
      await releaseToSale(db, tierId);
      break;
    }
    offered++;
  }
  return offered;
}

const ACTIVE_SQL = ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Holds a place (one already counted as taken) for a person on the tier's waiting list: the first
 * one waiting, or `entryId` (staff's 'Enviar oferta'). The offer lasts the tier's hours, shorter close
 * to the event (src/domain/waitlist.ts). The first person is picked with `skip locked`, so
 * concurrent returns never offer one person twice; someone already registered in the event is passed
 * over. Writes the offer's e-mail. Answers whether an offer was made (false: the caller returns the
 * place to the sale, or refuses).
 */
export async function offerToNext(
  db: Db,
  tierId: string,
  by: { entryId: string; staffId: string } | null = null,
): Promise<boolean> {
  const [tier] = await db.query<{ total: number | null; hours: number; deadline: Date; now: Date }>(
    `select t.total, t.waitlist_offer_hours as hours, now() as now,
            least(e.starts_at, coalesce(t.ends_at, e.starts_at)) as deadline
       from public.pricing_tiers t join public.events e on e.id = t.event_id
      where t.id = $1 and e.deleted_at is null`,
    [tierId],
  );
  if (!tier || tier.total === null) return false;
  const holdMs = offerHoldMs(Number(tier.hours), new Date(tier.now), new Date(tier.deadline));
  if (holdMs === null) return false;
  const [offered] = await db.query<{ id: string }>(
    `update public.waitlist_entries
        set status = 'offered', offered_at = now(), offer_expires_at = now() + make_interval(secs => $2::double precision / 1000),
            offered_by = $3, updated_at = now()
      where status = 'waiting' and id = (
        select w.id from public.waitlist_entries w
         where w.tier_id = $1 and w.status = 'waiting' ${by ? 'and w.id = $4' : ''}
           and not exists (
             select 1 from public.registrations r
              where r.user_id = w.user_id and r.event_id = w.event_id and r.guest_name is null
                and r.status in (${ACTIVE_SQL}))
         order by w.position, w.created_at, w.id
         limit 1
         for update skip locked)
      returning id`,
    by ? [tierId, holdMs, by.staffId, by.entryId] : [tierId, holdMs, null],
  );
  if (!offered) return false;
  await enqueueWaitlistOffer(db, offered.id);
  return true;
}

/**
 * The member's checkout takes the place held for them (inside its transaction): their live offer on
 * the tier becomes 'accepted'. Answers false without one (none, or its time is up): the checkout
 * then takes a place like anyone's. One statement on the entry row, so an offer passing on at the
 * same moment and this never both win.
 */
export async function acceptOffer(db: Db, userId: string, tierId: string): Promise<boolean> {
  const rows = await db.query(
    `update public.waitlist_entries set status = 'accepted', updated_at = now()
      where tier_id = $1 and user_id = $2 and status = 'offered' and offer_expires_at > now()
      returning id`,
    [tierId, userId],
  );
  return rows.length > 0;
}

/** Whether the member has a live offer on the tier (their checkout may go on while it looks sold out). */
export async function hasLiveOffer(db: Db, userId: string, tierId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from public.waitlist_entries
      where tier_id = $1 and user_id = $2 and status = 'offered' and offer_expires_at > now()`,
    [tierId, userId],
  );
  return rows.length > 0;
}

/**
 * Ends an open entry (the member leaves, staff remove it, the account goes) in the caller's
 * transaction; an offer out to it passes its held place on. Answers false when it was not open.
 */
export async function closeEntry(db: Db, entryId: string, status: 'left' | 'removed'): Promise<boolean> {
  const [entry] = await db.query<{ tier_id: string; status: string }>(
    'select tier_id, status from public.waitlist_entries where id = $1 for update',
    [entryId],
  );
  if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return false;
  await db.query('update public.waitlist_entries set status = $2, updated_at = now() where id = $1', [
    entryId,
    status,
  ]);
  if (entry.status === 'offered') await returnPlace(db, entry.tier_id);
  return true;
}

/**
 * Offers whose time is up pass to the next person (or the place goes back to the sale), one
 * transaction each: lazily when a list is read (`tierId`), and from the sweep the host's timer (or a
 * cron job) calls. An offer being taken at the same moment is either taken or passed, never both.
 */
export async function passExpiredOffers(db: Db, tierId?: string, limit = 100): Promise<number> {
  let passed = 0;
  for (; passed < limit; passed += 1) {
    const moved = await db.transaction(async (tx) => {
      const [expired] = await tx.query<{ tier_id: string }>(
        `update public.waitlist_entries set status = 'expired', updated_at = now()
          where id = (
            select id from public.waitlist_entries
             where status = 'offered' and offer_expires_at <= now() ${tierId ? 'and tier_id = $1' : ''}
             order by offer_expires_at limit 1
             for update skip locked)
            and status = 'offered'
          returning tier_id`,
        tierId ? [tierId] : [],
      );
      if (!expired) return false;
      await returnPlace(tx, expired.tier_id);
      return true;
    });
    if (!moved) break;
  }
  return passed;
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
