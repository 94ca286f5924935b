import { isUpcoming, monthRange } from '../../../src/domain/events.ts';
import type {
  CheckinPolicy,
  EventDetail,
  EventFile,
  EventSummary,
  PaymentMethod,
  PricingTier,
  RegistrationPolicy,
  Speaker,
  Tag,
  Venue,
} from '../../../src/domain/types.ts';
import { iso, isoOrNull, numOrNull, strOrNull, textArray } from '../lib/rows.ts';
import { pgArray } from '../lib/sql.ts';
import type { Db } from '../ports/db.ts';

type Row = Record<string, unknown>;

const EVENT_COLUMNS = `e.id, e.title, e.description, e.details, e.image, e.starts_at, e.registration_policy,
  e.checkin_policy, e.checkin_starts_at, e.checkin_ends_at, e.external_redirect, e.allowed_payment_methods,
  e.force_upcoming, e.parent_id`;

function groupBy<T>(rows: Row[], map: (r: Row) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const key = String(r.event_id);
    const list = out.get(key);
    if (list) list.push(map(r));
    else out.set(key, [map(r)]);
  }
  return out;
}

const toTag = (r: Row): Tag => ({
  id: String(r.id),
  name: String(r.name),
  color: String(r.color),
  is_general: r.is_general === true,
});
const toSpeaker = (r: Row): Speaker => ({
  id: String(r.id),
  name: String(r.name),
  details: strOrNull(r.details),
  image: strOrNull(r.image),
});
const toVenue = (r: Row): Venue => ({
  id: String(r.id),
  name: String(r.name),
  address: String(r.address),
  image: strOrNull(r.image),
  lat: numOrNull(r.lat),
  lng: numOrNull(r.lng),
  room: strOrNull(r.room),
});
export const toTier = (r: Row): PricingTier => ({
  id: String(r.id),
  event_id: String(r.event_id),
  name: String(r.name),
  description: strOrNull(r.description),
  price: Number(r.price),
  order: Number(r.order),
  starts_at: isoOrNull(r.starts_at),
  ends_at: isoOrNull(r.ends_at),
  available: numOrNull(r.available),
  total: numOrNull(r.total),
  restricted_payment_methods: textArray<PaymentMethod>(r.restricted_payment_methods),
  custom_pix_key: strOrNull(r.custom_pix_key),
  payment_link: strOrNull(r.payment_link),
});
const toFile = (r: Row): EventFile => ({ name: String(r.name), path: String(r.path) });
const toSummary = (r: Row): EventSummary => ({
  id: String(r.id),
  title: String(r.title),
  image: strOrNull(r.image),
  starts_at: iso(r.starts_at),
  registration_policy: r.registration_policy as RegistrationPolicy,
  external_redirect: strOrNull(r.external_redirect),
});

/**
 * Full details of the given non-deleted events, in the order of `ids` (unknown/deleted ids are
 * dropped). Seven set-based queries whatever the number of events: no N+1.
 */
export async function loadEventDetails(db: Db, ids: string[]): Promise<EventDetail[]> {
  if (ids.length === 0) return [];
  const p = [pgArray(ids)];
  const [events, tags, speakers, venues, tiers, files, children] = await Promise.all([
    db.query<Row>(
      `select ${EVENT_COLUMNS} from public.events e where e.id = any($1::uuid[]) and e.deleted_at is null`,
      p,
    ),
    db.query<Row>(
      `select et.event_id, t.id, t.name, t.color, t.is_general
         from public.event_tags et join public.tags t on t.id = et.tag_id
        where et.event_id = any($1::uuid[]) and t.deleted_at is null
        order by t.name, t.id`,
      p,
    ),
    db.query<Row>(
      `select es.event_id, s.id, s.name, s.details, s.image
         from public.event_speakers es join public.speakers s on s.id = es.speaker_id
        where es.event_id = any($1::uuid[]) and s.deleted_at is null
        order by es.position, s.name, s.id`,
      p,
    ),
    db.query<Row>(
      `select ev.event_id, v.id, v.name, v.address, v.image, v.lat::float8 as lat, v.lng::float8 as lng, v.room
         from public.event_venues ev join public.venues v on v.id = ev.venue_id
        where ev.event_id = any($1::uuid[]) and v.deleted_at is null
        order by ev.position, v.name, v.id`,
      p,
    ),
    db.query<Row>(
      `select t.id, t.event_id, t.name, t.description, t.price, t."order", t.starts_at, t.ends_at, t.available,
              t.total, t.restricted_payment_methods, t.custom_pix_key, t.payment_link
         from public.pricing_tiers t
        where t.event_id = any($1::uuid[])
        order by t."order", t.created_at, t.id`,
      p,
    ),
    db.query<Row>(
      `select f.event_id, f.name, f.path from public.event_files f
        where f.event_id = any($1::uuid[])
        order by f.created_at, f.name`,
      p,
    ),
    db.query<Row>(
      `select e.parent_id as event_id, e.id, e.title, e.image, e.starts_at, e.registration_policy, e.external_redirect
         from public.events e
        where e.parent_id = any($1::uuid[]) and e.deleted_at is null
        order by e.starts_at, e.id`,
      p,
    ),
  ]);
  const tagsBy = groupBy(tags, toTag);
  const speakersBy = groupBy(speakers, toSpeaker);
  const venuesBy = groupBy(venues, toVenue);
  const tiersBy = groupBy(tiers, toTier);
  const filesBy = groupBy(files, toFile);
  const childrenBy = groupBy(children, toSummary);
  const byId = new Map<string, EventDetail>();
  for (const r of events) {
    const id = String(r.id);
    byId.set(id, {
      id,
      title: String(r.title),
      description: strOrNull(r.description),
      details: strOrNull(r.details),
      image: strOrNull(r.image),
      starts_at: iso(r.starts_at),
      registration_policy: r.registration_policy as RegistrationPolicy,
      checkin_policy: r.checkin_policy as CheckinPolicy,
      checkin_starts_at: isoOrNull(r.checkin_starts_at),
      checkin_ends_at: isoOrNull(r.checkin_ends_at),
      external_redirect: strOrNull(r.external_redirect),
      allowed_payment_methods: textArray<PaymentMethod>(r.allowed_payment_methods),
      force_upcoming: Boolean(r.force_upcoming),
      parent_id: strOrNull(r.parent_id),
      tags: tagsBy.get(id) ?? [],
      speakers: speakersBy.get(id) ?? [],
      venues: venuesBy.get(id) ?? [],
      pricing_tiers: tiersBy.get(id) ?? [],
      files: filesBy.get(id) ?? [],
      child_events: childrenBy.get(id) ?? [],
    });
  }
  return ids.map((id) => byId.get(id)).filter((e): e is EventDetail => e !== undefined);
}

/** One non-deleted event (top-level or child), or null. */
export async function getEvent(db: Db, id: string): Promise<EventDetail | null> {
  const [event] = await loadEventDetails(db, [id]);
  return event ?? null;
}

/**
 * Upcoming top-level events (spec §7: within 1 month, forced, check-in open, or under way), by start.
 * A broad SQL prefilter, then the shared domain rule decides.
 */
export async function listUpcomingEvents(db: Db, now: Date): Promise<EventDetail[]> {
  const candidates = await db.query<Row>(
    `select e.id, e.starts_at, e.checkin_starts_at, e.checkin_ends_at, e.force_upcoming
       from public.events e
      where e.deleted_at is null and e.parent_id is null
        and (
          e.force_upcoming
          or e.starts_at between $1::timestamptz - interval '6 hours' and $1::timestamptz + interval '32 days'
          or (e.checkin_ends_at > $1::timestamptz and least(e.checkin_starts_at, e.starts_at) <= $1::timestamptz)
          or (e.checkin_starts_at <= $1::timestamptz and e.checkin_ends_at is null
              and e.starts_at + interval '6 hours' > $1::timestamptz)
        )
      order by e.starts_at, e.id`,
    [now.toISOString()],
  );
  const ids = candidates
    .filter((r) =>
      isUpcoming(
        {
          starts_at: iso(r.starts_at),
          checkin_starts_at: isoOrNull(r.checkin_starts_at),
          checkin_ends_at: isoOrNull(r.checkin_ends_at),
          force_upcoming: Boolean(r.force_upcoming),
        },
        now,
      ),
    )
    .map((r) => String(r.id));
  return loadEventDetails(db, ids);
}

/** Top-level events starting in a `YYYY-MM` month (America/Sao_Paulo), by start. */
export async function listEventsOfMonth(db: Db, month: string): Promise<EventDetail[]> {
  const { start, end } = monthRange(month);
  const rows = await db.query<Row>(
    `select e.id from public.events e
      where e.deleted_at is null and e.parent_id is null
        and e.starts_at >= $1::timestamptz and e.starts_at < $2::timestamptz
      order by e.starts_at, e.id`,
    [start.toISOString(), end.toISOString()],
  );
  return loadEventDetails(
    db,
    rows.map((r) => String(r.id)),
  );
}
