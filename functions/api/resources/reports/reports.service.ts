/**
 * The staff reports, each one SQL statement that aggregates in the database (no rows walked in
 * JavaScript): the events to choose from, an event's summary (pie, bar, congregation table),
 * where its registrations come from, the attendees of one regional or congregation, and the badges
 * of its paid registrations. What each number means is written in src/domain/reports.ts.
 */
import {
  type AttendeeRow,
  type BadgeRow,
  type Location,
  type ReportEvent,
  type ReportLocations,
  type ReportSummary,
  VISITORS_REGIONAL,
} from '../../../../src/domain/reports.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';

/** At most this many attendee rows in one answer (a whole regional of a very large event). */
export const ATTENDEES_MAX_ROWS = 50_000;

/** A person's regional: their congregation's, or visitors' when they have none. */
const REGIONAL = `coalesce(t.regional, '${VISITORS_REGIONAL}')`;

/** Registrations of one event with their person's congregation ($1 = event id). */
const EVENT_REGISTRATIONS = `
  from public.registrations r
  left join public.profiles p on p.id = r.user_id
  left join public.temples t on t.id = p.temple_id
  where r.event_id = $1`;

/**
 * Events with registrations, with their family: a parent whose sub-event has some, the sub-events
 * of a parent that has some (so the choice shows them under it). Not deleted, newest first.
 */
export async function listReportEvents(db: Db): Promise<ReportEvent[]> {
  const rows = await db.query<{
    id: string;
    title: string;
    starts_at: Date | string;
    parent_id: string | null;
  }>(
    `select e.id, e.title, e.starts_at, e.parent_id
       from public.events e
      where e.deleted_at is null
        and (exists (select 1 from public.registrations r where r.event_id = e.id)
             or exists (select 1 from public.registrations r where r.event_id = e.parent_id)
             or exists (select 1 from public.events c join public.registrations r on r.event_id = c.id
                         where c.parent_id = e.id and c.deleted_at is null))
      order by e.starts_at desc, e.id
      limit 500`,
  );
  return rows.map((r) => ({ id: r.id, title: r.title, starts_at: iso(r.starts_at), parent_id: r.parent_id }));
}

async function eventTitle(db: Db, eventId: string): Promise<string> {
  const [row] = await db.query<{ title: string }>(
    'select title from public.events where id = $1 and deleted_at is null',
    [eventId],
  );
  if (!row) throw notFound('EVENT_NOT_FOUND');
  return row.title;
}

/** GET /v1/admin/reports?event=: the counts, the pie (by status), the bar (paid by regional), the table. */
export async function reportSummary(db: Db, eventId: string): Promise<ReportSummary> {
  const title = await eventTitle(db, eventId);
  const [row] = await db.query<Omit<ReportSummary, 'event'>>(
    `with regs as materialized (
       select r.status, p.temple_id, ${REGIONAL} as regional ${EVENT_REGISTRATIONS}
     ),
     by_temple as (
       select temple_id, regional,
              count(*) filter (where status = 'paid')::int as cnt,
              count(*)::int as total
         from regs where status in ('pending', 'analysis', 'paid')
        group by temple_id, regional
     )
     select
       (select count(*)::int from regs) as registrations,
       (select count(*)::int from regs where status = 'paid') as participants,
       (select count(distinct temple_id)::int from regs where status = 'paid') as congregations,
       (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'cnt', cnt) order by cnt desc, status), '[]'::jsonb)
          from (select status, count(*)::int as cnt from regs group by status) s) as status,
       (select coalesce(jsonb_agg(jsonb_build_object('regional', regional, 'cnt', cnt) order by cnt desc, regional), '[]'::jsonb)
          from (select regional, count(*)::int as cnt from regs where status = 'paid' group by regional) g) as regional,
       (select coalesce(jsonb_agg(jsonb_build_object('id', b.temple_id, 'name', t.name, 'regional', b.regional,
                                                     'cnt', b.cnt, 'total', b.total)
                                  order by b.cnt desc, b.total desc, t.name nulls last), '[]'::jsonb)
          from by_temple b left join public.temples t on t.id = b.temple_id) as temples`,
    [eventId],
  );
  return { event: { id: eventId, title }, ...row! };
}

/** GET /v1/admin/reports/my-locations?event=: regionals and congregations with their registrations (any status). */
export async function reportLocations(db: Db, eventId: string): Promise<ReportLocations> {
  await eventTitle(db, eventId);
  const [row] = await db.query<ReportLocations>(
    `with regs as materialized (
       select p.temple_id, t.name, ${REGIONAL} as regional ${EVENT_REGISTRATIONS}
     )
     select
       (select coalesce(jsonb_agg(jsonb_build_object('regional', regional, 'cnt', cnt) order by regional), '[]'::jsonb)
          from (select regional, count(*)::int as cnt from regs group by regional) g) as regionals,
       (select coalesce(jsonb_agg(jsonb_build_object('id', temple_id, 'name', name, 'regional', regional, 'cnt', cnt)
                                  order by name, temple_id), '[]'::jsonb)
          from (select temple_id, name, regional, count(*)::int as cnt from regs
                 where temple_id is not null group by temple_id, name, regional) c) as temples`,
    [eventId],
  );
  return row!;
}

/** GET /v1/admin/reports/atendees-per-location/{locationId}?event=: the people of a regional or congregation, by name. */
export async function reportAttendees(db: Db, eventId: string, location: Location): Promise<AttendeeRow[]> {
  await eventTitle(db, eventId);
  const where = location.kind === 'temple' ? 'p.temple_id = $2::uuid' : `${REGIONAL} = $2`;
  const rows = await db.query<Omit<AttendeeRow, 'created_at'> & { created_at: Date | string }>(
    `select coalesce(p.name, '') as name, t.name as temple_name, ${REGIONAL} as regional,
            (select c.strategy from public.registration_confirmations c
              where c.registration_id = r.id order by c.created_at desc, c.id desc limit 1) as strategy,
            r.status, r.created_at, r.frozen_value
       ${EVENT_REGISTRATIONS} and ${where}
      order by p.search_name, r.id
      limit ${ATTENDEES_MAX_ROWS}`,
    [eventId, location.kind === 'temple' ? location.id : location.name],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** GET /v1/admin/badges?event=: the event's paid registrations, by name, for the badge sheets. */
export async function eventBadges(
  db: Db,
  eventId: string,
): Promise<{ event: { id: string; title: string }; badges: BadgeRow[] }> {
  const title = await eventTitle(db, eventId);
  const rows = await db.query<BadgeRow>(
    `select r.id as registration_id, r.seq, coalesce(p.name, '') as name, t.name as temple_name
       ${EVENT_REGISTRATIONS} and r.status = 'paid'
      order by p.search_name, r.id`,
    [eventId],
  );
  return { event: { id: eventId, title }, badges: rows.map((r) => ({ ...r, seq: r.seq.trim() })) };
}
