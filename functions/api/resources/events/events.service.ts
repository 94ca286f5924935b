/**
 * Event reads as single Kysely statements: the event row with its tags, speakers, venues, pricing
 * tiers, files and child events aggregated in SQL (jsonArrayFrom), so one round trip whatever the
 * number of events. Answers the API's `EventDetail` shape.
 *
 * Inside the aggregated JSON a timestamptz is Postgres's text ('2026-03-10T20:00:00+00:00') and a
 * numeric is a JSON number: `toEventDetail` turns the timestamps into toISOString() form; venue
 * lat/lng arrive as numbers already (same values as the `::float8` cast of the old read).
 */
import { type InferResult, sql } from 'kysely';
import { isUpcoming, monthRange } from '../../../../src/domain/events.ts';
import type { EventDetail } from '../../../../src/domain/types.ts';
import { jsonArrayFrom, qb, run } from '../../db/kysely.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';

/** Non-deleted events (alias `e`) with every nested list of EventDetail, each in its display order. */
export function selectEventDetails() {
  return qb
    .selectFrom('events as e')
    .select((eb) => [
      'e.id',
      'e.title',
      'e.description',
      'e.details',
      'e.image',
      'e.starts_at',
      'e.registration_policy',
      'e.checkin_policy',
      'e.checkin_starts_at',
      'e.checkin_ends_at',
      'e.external_redirect',
      'e.allowed_payment_methods',
      'e.force_upcoming',
      'e.parent_id',
      'e.withdrawal_days',
      jsonArrayFrom(
        eb
          .selectFrom('event_tags as et')
          .innerJoin('tags as t', 't.id', 'et.tag_id')
          .select(['t.id', 't.name', 't.color', 't.is_general'])
          .whereRef('et.event_id', '=', 'e.id')
          .where('t.deleted_at', 'is', null)
          .orderBy('t.name')
          .orderBy('t.id'),
      ).as('tags'),
      jsonArrayFrom(
        eb
          .selectFrom('event_speakers as es')
          .innerJoin('speakers as s', 's.id', 'es.speaker_id')
          .select(['s.id', 's.name', 's.details', 's.image'])
          .whereRef('es.event_id', '=', 'e.id')
          .where('s.deleted_at', 'is', null)
          .orderBy('es.position')
          .orderBy('s.name')
          .orderBy('s.id'),
      ).as('speakers'),
      jsonArrayFrom(
        eb
          .selectFrom('event_venues as ev')
          .innerJoin('venues as v', 'v.id', 'ev.venue_id')
          .select(['v.id', 'v.name', 'v.address', 'v.image', 'v.lat', 'v.lng', 'v.room'])
          .whereRef('ev.event_id', '=', 'e.id')
          .where('v.deleted_at', 'is', null)
          .orderBy('ev.position')
          .orderBy('v.name')
          .orderBy('v.id'),
      ).as('venues'),
      jsonArrayFrom(
        eb
          .selectFrom('pricing_tiers as t')
          .select([
            't.id',
            't.event_id',
            't.name',
            't.description',
            't.price',
            't.order',
            't.starts_at',
            't.ends_at',
            't.available',
            't.total',
            't.restricted_payment_methods',
            't.custom_pix_key',
            't.payment_link',
            't.staff_only',
            't.door_only',
          ])
          .whereRef('t.event_id', '=', 'e.id')
          .orderBy('t.order')
          .orderBy('t.created_at')
          .orderBy('t.id'),
      ).as('pricing_tiers'),
      jsonArrayFrom(
        eb
          .selectFrom('event_files as f')
          .select(['f.name', 'f.path'])
          .whereRef('f.event_id', '=', 'e.id')
          .orderBy('f.created_at')
          .orderBy('f.name'),
      ).as('files'),
      jsonArrayFrom(
        eb
          .selectFrom('events as c')
          .select([
            'c.id',
            'c.title',
            'c.image',
            'c.starts_at',
            'c.registration_policy',
            'c.external_redirect',
          ])
          .whereRef('c.parent_id', '=', 'e.id')
          .where('c.deleted_at', 'is', null)
          .orderBy('c.starts_at')
          .orderBy('c.id'),
      ).as('child_events'),
    ])
    .where('e.deleted_at', 'is', null);
}

type EventDetailRow = InferResult<ReturnType<typeof selectEventDetails>>[number];

/**
 * A row of selectEventDetails() as the API answers it (timestamps as toISOString()). A door-only
 * tier is sold at the door alone: only staff (the editor) see it.
 */
export function toEventDetail(r: EventDetailRow, staff = false): EventDetail {
  return {
    ...r,
    starts_at: iso(r.starts_at),
    checkin_starts_at: isoOrNull(r.checkin_starts_at),
    checkin_ends_at: isoOrNull(r.checkin_ends_at),
    pricing_tiers: r.pricing_tiers
      .filter((t) => staff || !t.door_only)
      .map((t) => ({
        ...t,
        starts_at: isoOrNull(t.starts_at),
        ends_at: isoOrNull(t.ends_at),
      })),
    child_events: r.child_events.map((c) => ({ ...c, starts_at: iso(c.starts_at) })),
  };
}

/** The statement behind listUpcomingEvents: the broad SQL prefilter, every nested list. */
export function upcomingEventsQuery(now: Date) {
  return selectEventDetails()
    .where('e.parent_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('e.force_upcoming', '=', true),
        eb.between(
          'e.starts_at',
          sql<Date>`${now}::timestamptz - interval '6 hours'`,
          sql<Date>`${now}::timestamptz + interval '32 days'`,
        ),
        eb.and([
          eb('e.checkin_ends_at', '>', now),
          eb(eb.fn<Date>('least', ['e.checkin_starts_at', 'e.starts_at']), '<=', now),
        ]),
        eb.and([
          eb('e.checkin_starts_at', '<=', now),
          eb('e.checkin_ends_at', 'is', null),
          eb(sql<Date>`${eb.ref('e.starts_at')} + interval '6 hours'`, '>', now),
        ]),
      ]),
    )
    .orderBy('e.starts_at')
    .orderBy('e.id');
}

/**
 * Upcoming top-level events (product-spec.md §7: within 1 month, forced, check-in open, or under way), by start,
 * in one statement: a broad SQL prefilter with the nested lists, then the shared domain rule decides.
 */
export async function listUpcomingEvents(db: Db, now: Date): Promise<EventDetail[]> {
  const rows = await run(db, upcomingEventsQuery(now));
  return rows
    .filter((r) =>
      isUpcoming(
        {
          starts_at: iso(r.starts_at),
          checkin_starts_at: isoOrNull(r.checkin_starts_at),
          checkin_ends_at: isoOrNull(r.checkin_ends_at),
          force_upcoming: r.force_upcoming,
        },
        now,
      ),
    )
    .map((r) => toEventDetail(r));
}

/** One non-deleted event (top-level or child), or null. */
export async function getEvent(db: Db, id: string, staff = false): Promise<EventDetail | null> {
  const [row] = await run(db, selectEventDetails().where('e.id', '=', id));
  return row ? toEventDetail(row, staff) : null;
}

/** Top-level events starting in a `YYYY-MM` month (America/Sao_Paulo), by start. */
export async function listEventsOfMonth(db: Db, month: string): Promise<EventDetail[]> {
  const { start, end } = monthRange(month);
  const rows = await run(
    db,
    selectEventDetails()
      .where('e.parent_id', 'is', null)
      .where('e.starts_at', '>=', start)
      .where('e.starts_at', '<', end)
      .orderBy('e.starts_at')
      .orderBy('e.id'),
  );
  return rows.map((r) => toEventDetail(r));
}
