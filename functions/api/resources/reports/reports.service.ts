/**
 * The staff reports, each one SQL statement that aggregates in the database (no rows walked in
 * JavaScript): the events to choose from, an event's summary (pie, bar, congregation table),
 * where its registrations come from, the attendees of one regional or congregation, and the badges
 * of its paid registrations. What each number means is written in src/domain/reports.ts.
 */

import { pixTxid } from '../../../../src/domain/pix.ts';
import {
  type BadgeRow,
  DELETED_REGIONAL,
  type Location,
  type ReceivedPayment,
  type ReportAttendance,
  type ReportEvent,
  type ReportLocations,
  type ReportSummary,
  VISITORS_REGIONAL,
} from '../../../../src/domain/reports.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { writeAuditForMany } from '../staff/audit.ts';

/** At most this many attendee rows in one answer (a whole regional of a very large event). */
export const ATTENDEES_MAX_ROWS = 50_000;

/** A person's regional: their congregation's, or visitors' when they have none. */
const PERSON_REGIONAL = `coalesce(t.regional, '${VISITORS_REGIONAL}')`;

/**
 * A registration of a deleted account (not a caravan guest's: the guest is another person). Its
 * profile, kept as 'Conta excluída', has no congregation: without this it would count as visitors.
 */
const GONE = `(p.deleted_at is not null and r.guest_name is null)`;

/** A registration's regional (r, p, t in scope): deleted accounts apart, else the person's. */
const REGIONAL = `case when ${GONE} then '${DELETED_REGIONAL}' else ${PERSON_REGIONAL} end`;

/** The same, in the statements that counted registrations first (`c.gone`, with t joined). */
const COUNTED_REGIONAL = `case when c.gone then '${DELETED_REGIONAL}' else ${PERSON_REGIONAL} end`;

/** Registrations of one event with their person's congregation ($1 = event id). */
const EVENT_REGISTRATIONS = `
  from public.registrations r
  left join public.profiles p on p.id = r.user_id
  left join public.temples t on t.id = p.temple_id
  where r.event_id = $1`;

/** The events list's statement (see listReportEvents). */
export const EVENTS_SQL = `with events as materialized (
       select e.id, e.title, e.starts_at, e.parent_id,
              -- one index probe per event: a scalar subquery with a limit is never hashed over every
              -- registration, and the order makes the index the cheap way even for an event with none
              coalesce((select true from public.registrations r where r.event_id = e.id
                         order by r.event_id, r.status limit 1), false) as own
         from public.events e
        where e.deleted_at is null
     )
     select e.id, e.title, e.starts_at, e.parent_id
       from events e
      where e.own
         or exists (select 1 from events p where p.id = e.parent_id and p.own)
         or exists (select 1 from events c where c.parent_id = e.id and c.own)
      order by e.starts_at desc, e.id
      limit 500`;

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
  }>(EVENTS_SQL);
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

/**
 * The summary's statement ($1 = event id). The registrations are counted once, by status and
 * congregation (at most 6 × the congregations rows, joined with profiles through index-only scans);
 * every figure is then taken from that small set.
 */
export const SUMMARY_SQL = `
  with counted as materialized (
    select r.status, p.temple_id, ${GONE} as gone, count(*)::int as cnt,
           -- money: what came in (registrations that were paid) and what went back out (refunds)
           coalesce(sum(r.frozen_value) filter (where r.status in ('paid', 'refunded', 'charged_back')), 0)::bigint as received,
           coalesce(sum(rf.amount), 0)::bigint as refunded
      from public.registrations r
      left join public.profiles p on p.id = r.user_id
      left join lateral (
        select sum(x.amount) as amount from public.refunds x where x.registration_id = r.id
      ) rf on true
     where r.event_id = $1
     group by r.status, p.temple_id, gone
  ),
  g as materialized (
    select c.status, c.temple_id, c.cnt, c.received, c.refunded, t.name, ${COUNTED_REGIONAL} as regional
      from counted c left join public.temples t on t.id = c.temple_id
  )
  select
    (select coalesce(sum(cnt), 0)::int from g) as registrations,
    (select coalesce(sum(cnt), 0)::int from g where status = 'paid') as participants,
    (select count(distinct temple_id)::int from g where status = 'paid') as congregations,
    (select jsonb_build_object('received', coalesce(sum(received), 0)::int,
                               'refunded', coalesce(sum(refunded), 0)::int,
                               'net', coalesce(sum(received) - sum(refunded), 0)::int) from g) as money,
    (select coalesce(jsonb_agg(jsonb_build_object('status', status, 'cnt', cnt) order by cnt desc, status), '[]'::jsonb)
       from (select status, sum(cnt)::int as cnt from g group by status) s) as status,
    (select coalesce(jsonb_agg(jsonb_build_object('regional', regional, 'cnt', cnt) order by cnt desc, regional), '[]'::jsonb)
       from (select regional, sum(cnt)::int as cnt from g where status = 'paid' group by regional) s) as regional,
    (select coalesce(jsonb_agg(jsonb_build_object('id', temple_id, 'name', name, 'regional', regional,
                                                  'cnt', cnt, 'total', total, 'received', received,
                                                  'refunded', refunded, 'net', received - refunded)
                               order by cnt desc, total desc, name nulls last), '[]'::jsonb)
       from (select temple_id, name, regional,
                    coalesce(sum(cnt) filter (where status = 'paid'), 0)::int as cnt,
                    coalesce(sum(cnt) filter (where status in ('pending', 'analysis', 'paid')), 0)::int as total,
                    coalesce(sum(received), 0)::int as received,
                    coalesce(sum(refunded), 0)::int as refunded
               from g where status in ('pending', 'analysis', 'paid', 'refunded', 'charged_back')
              group by temple_id, name, regional) s) as temples`;

/** A person at the door: a member's account, a caravan guest's registration (checkins.service.ts). */
const PERSON = `case when guest then 'r' || registration_id::text else 'u' || user_id::text end`;

/** The attendance statement ($1 = event id): who came, per session and per day (São Paulo time). */
export const ATTENDANCE_SQL = `
  select
    (select count(distinct ${PERSON})::int from public.checkins where event_id = $1) as checked_in,
    (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name,
                               'starts_at', to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'cnt', (select count(*)::int from public.checkins c where c.session_id = s.id))
                               order by s.starts_at, s.id), '[]'::jsonb)
       from public.event_sessions s where s.event_id = $1) as sessions,
    (select coalesce(jsonb_agg(jsonb_build_object('day', day, 'cnt', cnt) order by day), '[]'::jsonb)
       from (select to_char(scanned_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day,
                    count(distinct ${PERSON})::int as cnt
               from public.checkins where event_id = $1 group by 1) d) as days`;

/** GET /v1/admin/reports?event=: the counts, the pie (by status), the bar (paid by regional), the table, attendance. */
export async function reportSummary(db: Db, eventId: string): Promise<ReportSummary> {
  const title = await eventTitle(db, eventId);
  const [row] = await db.query<Omit<ReportSummary, 'event' | 'attendance'>>(SUMMARY_SQL, [eventId]);
  const [attendance] = await db.query<ReportAttendance>(ATTENDANCE_SQL, [eventId]);
  return { event: { id: eventId, title }, ...row!, attendance: attendance! };
}

/** The locations' statement ($1 = event id): registrations counted by congregation, then by regional. */
export const LOCATIONS_SQL = `
  with counted as materialized (
    select p.temple_id, ${GONE} as gone, count(*)::int as cnt
      from public.registrations r
      left join public.profiles p on p.id = r.user_id
     where r.event_id = $1
     group by p.temple_id, gone
  ),
  g as materialized (
    select c.temple_id, c.cnt, t.name, ${COUNTED_REGIONAL} as regional
      from counted c left join public.temples t on t.id = c.temple_id
  )
  select
    (select coalesce(jsonb_agg(jsonb_build_object('regional', regional, 'cnt', cnt) order by regional), '[]'::jsonb)
       from (select regional, sum(cnt)::int as cnt from g group by regional) s) as regionals,
    (select coalesce(jsonb_agg(jsonb_build_object('id', temple_id, 'name', name, 'regional', regional, 'cnt', cnt)
                               order by name, temple_id), '[]'::jsonb)
       from g where temple_id is not null) as temples`;

/** GET /v1/admin/reports/my-locations?event=: regionals and congregations with their registrations (any status). */
export async function reportLocations(db: Db, eventId: string): Promise<ReportLocations> {
  await eventTitle(db, eventId);
  const [row] = await db.query<ReportLocations>(LOCATIONS_SQL, [eventId]);
  return row!;
}

/**
 * The attendees' statement ($1 = event id, $2 = the congregation's id or the regional's name). The
 * people of a congregation or regional are found first (by congregation, through the temple and
 * regional indexes), then their registrations of the event; visitors are the people of the
 * 'custom' congregations and those without one. The method is the latest attempt's (read from the
 * attempts' index in its order, no sort).
 */
export function attendeesSql(location: Location, sensitive = false): string {
  const from = attendeesFrom(location);
  return `
    select coalesce(r.guest_name, p.name, '') as name, t.name as temple_name, ${REGIONAL} as regional,
           (select c.strategy from public.registration_confirmations c
             where c.registration_id = r.id order by c.created_at desc limit 1) as strategy,
           r.status, r.frozen_value,
           -- ISO 8601 as the API answers dates, written by the database (no Date per row in JavaScript)
           to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           -- the answers to the event's questions (the CSV's last columns); sensitive ones only for read_sensitive
           (select jsonb_object_agg(a.question_id, a.value)
              from public.registration_answers a
              join public.event_questions q on q.id = a.question_id and q.deleted_at is null
             where a.registration_id = r.id${sensitive ? '' : ' and not q.sensitive'}) as answers
      ${from}
     order by p.search_name, r.id
     limit ${ATTENDEES_MAX_ROWS}`;
}

/** The people the attendees' statement shows ($1 = event id, $2 = the location), for the audit. */
export function attendeesPeopleSql(location: Location): string {
  return `select distinct r.user_id ${attendeesFrom(location)}`;
}

/** The FROM … WHERE of the attendees of one congregation or regional ($1 event, $2 location). */
function attendeesFrom(location: Location): string {
  return location.kind === 'temple'
    ? `from public.registrations r
         join public.profiles p on p.id = r.user_id and p.temple_id = $2::uuid
         left join public.temples t on t.id = p.temple_id
        where r.event_id = $1`
    : location.name === VISITORS_REGIONAL || location.name === DELETED_REGIONAL
      ? `from public.registrations r
           left join public.profiles p on p.id = r.user_id
           left join public.temples t on t.id = p.temple_id
          where r.event_id = $1 and ${REGIONAL} = $2`
      : `from public.registrations r
           join public.profiles p on p.id = r.user_id
           join public.temples t on t.id = p.temple_id and t.regional = $2
          where r.event_id = $1`;
}

/**
 * GET /v1/admin/reports/atendees-per-location/{locationId}?event=: the people of a regional or
 * congregation, by name, as the JSON text of the answer. The database writes the JSON (json_agg):
 * a regional may hold 10,000 people, and turning them into JavaScript objects only to write them
 * out again costed more than the query.
 */
export async function reportAttendeesJson(
  db: Db,
  eventId: string,
  location: Location,
  viewer?: StaffViewer,
  sensitive = false,
): Promise<string> {
  await eventTitle(db, eventId);
  const where = location.kind === 'temple' ? location.id : location.name;
  const [row] = await db.query<{ body: string }>(
    `select coalesce(json_agg(a), '[]')::text as body from (${attendeesSql(location, sensitive)}) a`,
    [eventId, where],
  );
  // each person on the list (the screen's table and its CSV) gets a row in the staff's audit
  if (viewer) {
    await writeAuditForMany(db, {
      actorId: viewer.actorId,
      action: 'report.attendees',
      details: { event_id: eventId, location: where },
      clientIp: viewer.clientIp,
      subjects: shiftParams(attendeesPeopleSql(location)),
      params: [eventId, where],
    });
  }
  return row!.body;
}

/** Who on staff reads a list of people, for the audit. */
export interface StaffViewer {
  actorId: string;
  clientIp: string | null;
}

/** $1, $2 of a statement → $5, $6 (after writeAuditForMany's own four parameters). */
const shiftParams = (statement: string) => statement.replace(/\$([12])\b/g, (_, n) => `$${Number(n) + 4}`);

/**
 * GET /v1/admin/badges?event=: the event's paid registrations, by name, for the badge sheets; none
 * for a deleted account (nobody to wear 'Conta excluída').
 */
export async function eventBadges(
  db: Db,
  eventId: string,
  viewer?: StaffViewer,
): Promise<{ event: { id: string; title: string }; badges: BadgeRow[] }> {
  const title = await eventTitle(db, eventId);
  if (viewer) {
    await writeAuditForMany(db, {
      actorId: viewer.actorId,
      action: 'badges.view',
      details: { event_id: eventId },
      clientIp: viewer.clientIp,
      subjects: shiftParams(
        `select distinct r.user_id ${EVENT_REGISTRATIONS} and r.status = 'paid' and not ${GONE}`,
      ),
      params: [eventId],
    });
  }
  const rows = await db.query<BadgeRow>(
    `select r.id as registration_id, r.seq, coalesce(r.guest_name, p.name, '') as name, t.name as temple_name,
            -- the event's badge question (never a sensitive one: a check of event_questions)
            (select jsonb_build_object('label', q.label, 'kind', q.kind, 'value', a.value)
               from public.registration_answers a
               join public.event_questions q on q.id = a.question_id
              where a.registration_id = r.id and q.on_badge and not q.sensitive and q.deleted_at is null) as badge_answer
       ${EVENT_REGISTRATIONS} and r.status = 'paid' and not ${GONE}
      order by p.search_name, r.id`,
    [eventId],
  );
  return { event: { id: eventId, title }, badges: rows.map((r) => ({ ...r, seq: r.seq.trim() })) };
}

/**
 * GET /v1/admin/reports/payments?event=: the payments received for an event, for the treasurer's
 * reconciliation with the bank statement: every attempt that was paid (still paid, refunded since,
 * or charged back), oldest first, with the transaction id the statement shows (Mercado Pago's
 * payment id; for a receipt PIX, the BR Code's txid — src/domain/pix.ts) and any money that went back.
 */
export async function receivedPayments(db: Db, eventId: string): Promise<ReceivedPayment[]> {
  await eventTitle(db, eventId);
  const rows = await db.query<{
    paid_at: Date | string;
    registration_id: string;
    seq: string;
    name: string;
    strategy: string;
    amount: number;
    transaction_id: string | null;
    status: string;
    refunded: number;
  }>(
    `select coalesce(c.paid_at, c.updated_at) as paid_at, r.id as registration_id, trim(r.seq) as seq,
            coalesce(r.guest_name, p.name, '') as name, c.strategy, r.frozen_value as amount,
            c.transaction_id, c.status, coalesce(rf.amount, 0)::int as refunded
       from public.registration_confirmations c
       join public.registrations r on r.id = c.registration_id
       left join public.profiles p on p.id = r.user_id
       left join public.refunds rf on rf.confirmation_id = c.id
      where r.event_id = $1 and c.status in ('paid', 'refunded', 'charged_back')
        and c.strategy not in ('voucher', 'open')
      order by 1, r.id
      limit ${ATTENDEES_MAX_ROWS}`,
    [eventId],
  );
  return rows.map((r) => ({
    paid_at: iso(r.paid_at),
    registration_code: r.seq,
    name: r.name,
    strategy: r.strategy as ReceivedPayment['strategy'],
    amount: Number(r.amount),
    transaction_id:
      r.strategy === 'file' ? pixTxid({ id: r.registration_id, seq: r.seq }) : (r.transaction_id ?? ''),
    status: r.status as ReceivedPayment['status'],
    refunded: Number(r.refunded),
  }));
}
