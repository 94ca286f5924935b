/**
 * The waiting list of a sold-out tier (docs/product-spec.md §4, 'Lista de espera'): the member joins,
 * sees their place in the queue and leaves; staff (write_events) see the list, move people, remove
 * them and send an offer by hand. The places themselves — held for an offer, passed on, taken by
 * the checkout — live in ../tiers/places.ts.
 */

import { ACTIVE_STATUSES } from '../../../../src/domain/registrations.ts';
import type { MyWaitlistEntry, StaffWaitlist, StaffWaitlistEntry } from '../../../../src/domain/waitlist.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { writeAudit } from '../staff/audit.ts';
import { closeEntry, offerToNext, passExpiredOffers, takePlace } from '../tiers/places.ts';

const ACTIVE_SQL = ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ');
const entryNotFound = () => notFound('WAITLIST_ENTRY_NOT_FOUND');

/** 1-based position among those waiting on the tier (order: position, then when they joined). */
const RANK = `(select count(*)::integer from public.waitlist_entries o
                where o.tier_id = w.tier_id and o.status = 'waiting'
                  and (o.position, o.created_at, o.id) <= (w.position, w.created_at, w.id))`;

interface EntryRow {
  id: string;
  status: 'waiting' | 'offered';
  position: number;
  offer_expires_at: Date | string | null;
}

const asMine = (row: EntryRow): MyWaitlistEntry => ({
  id: row.id,
  status: row.status,
  position: row.status === 'waiting' ? Number(row.position) : null,
  offer_expires_at: isoOrNull(row.offer_expires_at),
});

/** The member's open entry on the tier (an offer whose time is up has passed on first). */
export async function myEntry(db: Db, userId: string, tierId: string): Promise<MyWaitlistEntry | null> {
  await passExpiredOffers(db, tierId);
  const [row] = await db.query<EntryRow>(
    `select w.id, w.status, ${RANK} as position, w.offer_expires_at
       from public.waitlist_entries w
      where w.tier_id = $1 and w.user_id = $2 and w.status in ('waiting', 'offered')`,
    [tierId, userId],
  );
  return row ? asMine(row) : null;
}

/**
 * Joins the tier's list, at its end: only a limited, sold-out tier of an event not started, not a
 * staff-only one, and not when the member already holds a registration in the event.
 */
export async function joinWaitlist(db: Db, userId: string, tierId: string): Promise<MyWaitlistEntry> {
  await passExpiredOffers(db, tierId);
  const id = await db.transaction(async (tx) => {
    const [tier] = await tx.query<{
      event_id: string;
      total: number | null;
      available: number | null;
      staff_only: boolean;
      door_only: boolean;
      started: boolean;
      sale_over: boolean;
      registered: boolean;
    }>(
      `select t.event_id, t.total, t.available, t.staff_only, t.door_only,
              e.starts_at <= now() as started,
              (t.ends_at is not null and t.ends_at <= now()) or (t.starts_at is not null and t.starts_at > now()) as sale_over,
              exists (select 1 from public.registrations r
                       where r.user_id = $2 and r.event_id = t.event_id and r.guest_name is null
                         and r.status in (${ACTIVE_SQL})) as registered
         from public.pricing_tiers t join public.events e on e.id = t.event_id
        where t.id = $1 and e.deleted_at is null and e.registration_policy <> 'open'`,
      [tierId, userId],
    );
    if (!tier) throw notFound('TIER_NOT_FOUND');
    if (tier.registered) throw new ApiHttpError(409, 'WAITLIST_ALREADY_REGISTERED');
    // a door-only tier is never offered online (checkout.service.ts), so it has no waiting list
    if (tier.staff_only || tier.door_only || tier.total === null || tier.started || tier.sale_over) {
      throw new ApiHttpError(409, 'WAITLIST_CLOSED');
    }
    if ((tier.available ?? 0) > 0) throw new ApiHttpError(409, 'WAITLIST_NOT_SOLD_OUT');
    const [open] = await tx.query(
      `select 1 from public.waitlist_entries where tier_id = $1 and user_id = $2 and status in ('waiting', 'offered')`,
      [tierId, userId],
    );
    if (open) throw new ApiHttpError(409, 'WAITLIST_ALREADY_JOINED');
    try {
      const [row] = await tx.query<{ id: string }>(
        `insert into public.waitlist_entries (tier_id, event_id, user_id, position)
         values ($1, $2, $3, (select coalesce(max(position), 0) + 1 from public.waitlist_entries where tier_id = $1))
         returning id`,
        [tierId, tier.event_id, userId],
      );
      return row!.id;
    } catch (error) {
      // two joins at once: the one-open index refuses the second
      if ((error as { code?: string }).code === '23505')
        throw new ApiHttpError(409, 'WAITLIST_ALREADY_JOINED');
      throw error;
    }
  });
  const mine = await myEntry(db, userId, tierId);
  if (!mine || mine.id !== id) throw entryNotFound();
  return mine;
}

/** Leaves the tier's list; a place held for the member passes to the next person. */
export async function leaveWaitlist(db: Db, userId: string, tierId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `select id from public.waitlist_entries
        where tier_id = $1 and user_id = $2 and status in ('waiting', 'offered')`,
      [tierId, userId],
    );
    if (!row || !(await closeEntry(tx, row.id, 'left'))) throw entryNotFound();
  });
}

/** Every open entry of the account (it is being deleted): closed, held places passed on. */
export async function leaveAllWaitlists(db: Db, userId: string): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `select id from public.waitlist_entries where user_id = $1 and status in ('waiting', 'offered')`,
    [userId],
  );
  for (const row of rows) await db.transaction((tx) => closeEntry(tx, row.id, 'left'));
}

/** The tier's list as staff see it: offers out first, then those waiting in order. */
export async function staffWaitlist(db: Db, tierId: string): Promise<StaffWaitlist> {
  await passExpiredOffers(db, tierId);
  const [tier] = await db.query<{
    id: string;
    name: string;
    total: number | null;
    available: number | null;
    offer_hours: number;
  }>(
    `select t.id, t.name, t.total, t.available, t.waitlist_offer_hours as offer_hours
       from public.pricing_tiers t join public.events e on e.id = t.event_id
      where t.id = $1 and e.deleted_at is null`,
    [tierId],
  );
  if (!tier) throw notFound('TIER_NOT_FOUND');
  const rows = await db.query<{
    id: string;
    user_id: string;
    name: string | null;
    email: string | null;
    status: 'waiting' | 'offered';
    position: number;
    created_at: Date | string;
    offered_at: Date | string | null;
    offer_expires_at: Date | string | null;
  }>(
    `select w.id, w.user_id, coalesce(p.name, u.raw_user_meta_data->>'display_name') as name,
            coalesce(u.email, p.email) as email, w.status, ${RANK} as position,
            w.created_at, w.offered_at, w.offer_expires_at
       from public.waitlist_entries w
       left join public.profiles p on p.id = w.user_id
       left join auth.users u on u.id = w.user_id
      where w.tier_id = $1 and w.status in ('waiting', 'offered')
      order by w.status = 'waiting', w.position, w.created_at, w.id`,
    [tierId],
  );
  const entries: StaffWaitlistEntry[] = rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    name: r.name ?? '',
    email: r.email,
    status: r.status,
    position: r.status === 'waiting' ? Number(r.position) : null,
    created_at: iso(r.created_at),
    offered_at: isoOrNull(r.offered_at),
    offer_expires_at: isoOrNull(r.offer_expires_at),
  }));
  return { tier: { ...tier, offer_hours: Number(tier.offer_hours) }, entries };
}

interface StaffAct {
  staffId: string;
  clientIp: string | null;
}

/** An open entry of the tier, locked (staff's actions); 404 when it is not open any more. */
async function lockedEntry(tx: Db, tierId: string, entryId: string) {
  const [row] = await tx.query<{ id: string; user_id: string; status: string; position: number }>(
    `select id, user_id, status, position from public.waitlist_entries
      where id = $1 and tier_id = $2 and status in ('waiting', 'offered') for update`,
    [entryId, tierId],
  );
  if (!row) throw entryNotFound();
  return row;
}

/** Swaps a waiting person with the one before (up) or after (down) them; at either end nothing moves. */
export async function moveEntry(
  db: Db,
  tierId: string,
  entryId: string,
  direction: 'up' | 'down',
  act: StaffAct,
): Promise<StaffWaitlist> {
  await db.transaction(async (tx) => {
    // every waiting entry of the tier locked in one order, so two moves never deadlock
    const queue = await tx.query<{ id: string; user_id: string; position: string }>(
      `select id, user_id, position from public.waitlist_entries
        where tier_id = $1 and status = 'waiting' order by position, created_at, id for update`,
      [tierId],
    );
    const at = queue.findIndex((e) => e.id === entryId);
    if (at < 0) throw entryNotFound();
    const other = queue[direction === 'up' ? at - 1 : at + 1];
    if (!other) return;
    const me = queue[at]!;
    // distinct positions after the swap, whatever ties there were
    const [low, high] = [Math.min(at, queue.indexOf(other)), Math.max(at, queue.indexOf(other))];
    const base = Number(queue[0]!.position);
    for (const [i, e] of queue.entries()) {
      const slot = i === low ? high : i === high ? low : i;
      await tx.query('update public.waitlist_entries set position = $2, updated_at = now() where id = $1', [
        e.id,
        base + slot,
      ]);
    }
    await writeAudit(tx, {
      actorId: act.staffId,
      subjectId: me.user_id,
      action: direction === 'up' ? 'waitlist.move_up' : 'waitlist.move_down',
      details: { tier_id: tierId, entry_id: entryId, from: at + 1, to: direction === 'up' ? at : at + 2 },
      clientIp: act.clientIp,
    });
  });
  return staffWaitlist(db, tierId);
}

/** Removes a person from the list; a place held for them passes to the next person. */
export async function removeEntry(
  db: Db,
  tierId: string,
  entryId: string,
  act: StaffAct,
): Promise<StaffWaitlist> {
  await db.transaction(async (tx) => {
    const entry = await lockedEntry(tx, tierId, entryId);
    await closeEntry(tx, entry.id, 'removed');
    await writeAudit(tx, {
      actorId: act.staffId,
      subjectId: entry.user_id,
      action: 'waitlist.remove',
      details: { tier_id: tierId, entry_id: entryId, status: entry.status },
      clientIp: act.clientIp,
    });
  });
  return staffWaitlist(db, tierId);
}

/**
 * 'Enviar oferta' by hand to a waiting person: takes one of the tier's free places (e.g. after its
 * total was raised) and holds it for them; with none free, WAITLIST_NO_PLACE (never a place twice).
 */
export async function sendOffer(
  db: Db,
  tierId: string,
  entryId: string,
  act: StaffAct,
): Promise<StaffWaitlist> {
  await db.transaction(async (tx) => {
    const entry = await lockedEntry(tx, tierId, entryId);
    if (entry.status !== 'waiting') throw entryNotFound();
    try {
      await takePlace(tx, tierId);
    } catch (error) {
      if (error instanceof ApiHttpError && error.code === 'TIER_UNAVAILABLE') {
        throw new ApiHttpError(409, 'WAITLIST_NO_PLACE');
      }
      throw error;
    }
    if (!(await offerToNext(tx, tierId, { entryId, staffId: act.staffId }))) {
      // registered in the event meanwhile, or the event too close: nothing is held
      throw new ApiHttpError(409, 'WAITLIST_CLOSED');
    }
    await writeAudit(tx, {
      actorId: act.staffId,
      subjectId: entry.user_id,
      action: 'waitlist.offer',
      details: { tier_id: tierId, entry_id: entryId },
      clientIp: act.clientIp,
    });
  });
  return staffWaitlist(db, tierId);
}

/** How long the tier's offers hold a place (hours; the rule near the event still applies). */
export async function setOfferHours(db: Db, tierId: string, hours: number): Promise<StaffWaitlist> {
  const rows = await db.query(
    'update public.pricing_tiers set waitlist_offer_hours = $2 where id = $1 returning id',
    [tierId, hours],
  );
  if (rows.length === 0) throw notFound('TIER_NOT_FOUND');
  return staffWaitlist(db, tierId);
}
