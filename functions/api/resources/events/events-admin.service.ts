/**
 * Event writes of the editor (write_events): create, update, soft-delete and duplicate an event,
 * with its venues, speakers and tags set in the same transaction (delete then re-insert, in the
 * order given: the first venue is the one the overlay shows). The description is sanitised here,
 * before it is stored. Plus the admin list: events started within the last week and upcoming.
 */
import { sql } from 'kysely';
import type { EventBody } from '../../../../src/domain/event-editor.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/rows.ts';
import { sanitizeDescription } from '../../lib/sanitize-html.ts';
import { enqueueEventRemovedMails } from '../../mail/outbox.ts';
import type { Db } from '../../ports/db.ts';

/** Spec §9: the admin events list starts with events started within the last week. */
export const ADMIN_LIST_LOOKBACK_DAYS = 7;
const LIST_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A row of the admin events list. */
export interface AdminEventRow {
  id: string;
  title: string;
  starts_at: string;
  image: string | null;
  parent_id: string | null;
  parent_title: string | null;
  tiers: number;
  registrations: number;
}

/**
 * Not deleted; `upcoming`: started within the last week or later, by start; `past`: earlier, latest
 * first. `q` matches part of the title, case-insensitive.
 */
export async function listAdminEvents(
  db: Db,
  now: Date,
  { q, when }: { q: string; when: 'upcoming' | 'past' },
): Promise<AdminEventRow[]> {
  const since = new Date(now.getTime() - ADMIN_LIST_LOOKBACK_DAYS * DAY_MS);
  let query = qb
    .selectFrom('events as e')
    .leftJoin('events as p', 'p.id', 'e.parent_id')
    .select((eb) => [
      'e.id',
      'e.title',
      'e.starts_at',
      'e.image',
      'e.parent_id',
      'p.title as parent_title',
      eb
        .selectFrom('pricing_tiers as t')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('t.event_id', '=', 'e.id')
        .as('tiers'),
      eb
        .selectFrom('registrations as r')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('r.event_id', '=', 'e.id')
        .where('r.status', 'not in', ['rejected', 'canceled'])
        .as('registrations'),
    ])
    .where('e.deleted_at', 'is', null)
    .limit(LIST_LIMIT);
  query =
    when === 'upcoming'
      ? query.where('e.starts_at', '>=', since).orderBy('e.starts_at', 'asc')
      : query.where('e.starts_at', '<', since).orderBy('e.starts_at', 'desc');
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('e.title', 'ilike', pattern);
  }
  const rows = await run(db, query.orderBy('e.id'));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    starts_at: iso(r.starts_at),
    image: r.image,
    parent_id: r.parent_id,
    parent_title: r.parent_title,
    tiers: Number(r.tiers ?? 0),
    registrations: Number(r.registrations ?? 0),
  }));
}

function eventColumns(body: EventBody) {
  return {
    title: body.title,
    description: sanitizeDescription(body.description ?? null),
    details: body.details ?? null,
    image: body.image ?? null,
    starts_at: body.starts_at,
    registration_policy: body.registration_policy,
    checkin_policy: body.checkin_policy,
    checkin_starts_at: body.checkin_starts_at ?? null,
    checkin_ends_at: body.checkin_ends_at ?? null,
    external_redirect: body.external_redirect ?? null,
    allowed_payment_methods: body.allowed_payment_methods,
    force_upcoming: body.force_upcoming,
    withdrawal_days: body.withdrawal_days,
    parent_id: body.parent_id ?? null,
  };
}

/** The parent must be a top-level event that is not deleted (sub-events are one level deep). */
async function checkParent(db: Db, parentId: string | null, self: string | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === self) throw new ApiHttpError(400, 'PARENT_NOT_FOUND');
  const parent = await runOneOrNull(
    db,
    qb
      .selectFrom('events')
      .select('id')
      .where('id', '=', parentId)
      .where('deleted_at', 'is', null)
      .where('parent_id', 'is', null),
  );
  if (!parent) throw new ApiHttpError(400, 'PARENT_NOT_FOUND');
}

/** Replaces the event's venues, speakers and tags with the body's lists, in their order. */
async function setJoins(tx: Db, eventId: string, body: EventBody): Promise<void> {
  await exec(tx, qb.deleteFrom('event_venues').where('event_id', '=', eventId));
  await exec(tx, qb.deleteFrom('event_speakers').where('event_id', '=', eventId));
  await exec(tx, qb.deleteFrom('event_tags').where('event_id', '=', eventId));
  await ensureLive(tx, 'venues', body.venue_ids, 'VENUE_NOT_FOUND');
  await ensureLive(tx, 'speakers', body.speaker_ids, 'SPEAKER_NOT_FOUND');
  await ensureLive(tx, 'tags', body.tag_ids, 'TAG_NOT_FOUND');
  if (body.venue_ids.length) {
    await exec(
      tx,
      qb
        .insertInto('event_venues')
        .values(body.venue_ids.map((venue_id, position) => ({ event_id: eventId, venue_id, position }))),
    );
  }
  if (body.speaker_ids.length) {
    await exec(
      tx,
      qb
        .insertInto('event_speakers')
        .values(
          body.speaker_ids.map((speaker_id, position) => ({ event_id: eventId, speaker_id, position })),
        ),
    );
  }
  if (body.tag_ids.length) {
    await exec(
      tx,
      qb.insertInto('event_tags').values(body.tag_ids.map((tag_id) => ({ event_id: eventId, tag_id }))),
    );
  }
}

/** Every id names a row of the table that is not soft-deleted, else 400 with the table's code. */
async function ensureLive(
  tx: Db,
  table: 'venues' | 'speakers' | 'tags',
  ids: string[],
  code: 'VENUE_NOT_FOUND' | 'SPEAKER_NOT_FOUND' | 'TAG_NOT_FOUND',
): Promise<void> {
  if (!ids.length) return;
  const found = await run(
    tx,
    qb.selectFrom(table).select('id').where('id', 'in', ids).where('deleted_at', 'is', null),
  );
  if (found.length !== ids.length) throw new ApiHttpError(400, code);
}

/** Creates the event with its joins; answers its id. */
export async function createEvent(db: Db, body: EventBody): Promise<string> {
  return db.transaction(async (tx) => {
    await checkParent(tx, body.parent_id ?? null, null);
    const [row] = await run(tx, qb.insertInto('events').values(eventColumns(body)).returning('id'));
    await setJoins(tx, row!.id, body);
    return row!.id;
  });
}

/** Updates a non-deleted event and its joins; 404 when there is none. */
export async function updateEvent(db: Db, id: string, body: EventBody): Promise<void> {
  await db.transaction(async (tx) => {
    await checkParent(tx, body.parent_id ?? null, id);
    const row = await runOneOrNull(
      tx,
      qb
        .updateTable('events')
        .set(eventColumns(body))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id'),
    );
    if (!row) throw notFound('EVENT_NOT_FOUND');
    await setJoins(tx, id, body);
  });
}

/**
 * Soft delete (product-spec.md §7: deleted_at = now), with its sub-events: they leave every list, while
 * registrations, payments and check-ins stay as they are.
 */
export async function deleteEvent(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await runOneOrNull(
      tx,
      qb
        .updateTable('events')
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id'),
    );
    if (!row) throw notFound('EVENT_NOT_FOUND');
    const children = await run(
      tx,
      qb
        .updateTable('events')
        .set({ deleted_at: now })
        .where('parent_id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id'),
    );
    // every member with an active registration on them gets an e-mail, sent after commit
    await enqueueEventRemovedMails(tx, [row.id, ...children.map((c) => c.id)]);
  });
}

const shift = (value: Date | string | null, ms: number): Date | null =>
  value === null ? null : new Date(new Date(value).getTime() + ms);

/**
 * A copy of the event 'shiftDays' later, titled '<title> (cópia)', with its venues, speakers, tags
 * and tiers (every place available again; tier windows shifted too). Files, vouchers and
 * registrations stay with the original.
 */
export async function duplicateEvent(
  db: Db,
  id: string,
  shiftDays: number,
  copyTitle: (t: string) => string,
) {
  const ms = shiftDays * DAY_MS;
  return db.transaction(async (tx) => {
    const source = await runOneOrNull(
      tx,
      qb.selectFrom('events').selectAll().where('id', '=', id).where('deleted_at', 'is', null),
    );
    if (!source) throw notFound('EVENT_NOT_FOUND');
    const [copy] = await run(
      tx,
      qb
        .insertInto('events')
        .values({
          title: copyTitle(source.title).slice(0, 200),
          description: source.description,
          details: source.details,
          image: source.image,
          starts_at: shift(source.starts_at, ms)!,
          registration_policy: source.registration_policy,
          checkin_policy: source.checkin_policy,
          checkin_starts_at: shift(source.checkin_starts_at, ms),
          checkin_ends_at: shift(source.checkin_ends_at, ms),
          external_redirect: source.external_redirect,
          allowed_payment_methods: source.allowed_payment_methods,
          force_upcoming: source.force_upcoming,
          withdrawal_days: source.withdrawal_days,
          parent_id: source.parent_id,
        })
        .returning('id'),
    );
    const copyId = copy!.id;
    await exec(
      tx,
      qb
        .insertInto('event_venues')
        .columns(['event_id', 'venue_id', 'position'])
        .expression((eb) =>
          eb
            .selectFrom('event_venues')
            .select([sql<string>`${copyId}::uuid`.as('event_id'), 'venue_id', 'position'])
            .where('event_id', '=', id),
        ),
    );
    await exec(
      tx,
      qb
        .insertInto('event_speakers')
        .columns(['event_id', 'speaker_id', 'position'])
        .expression((eb) =>
          eb
            .selectFrom('event_speakers')
            .select([sql<string>`${copyId}::uuid`.as('event_id'), 'speaker_id', 'position'])
            .where('event_id', '=', id),
        ),
    );
    await exec(
      tx,
      qb
        .insertInto('event_tags')
        .columns(['event_id', 'tag_id'])
        .expression((eb) =>
          eb
            .selectFrom('event_tags')
            .select([sql<string>`${copyId}::uuid`.as('event_id'), 'tag_id'])
            .where('event_id', '=', id),
        ),
    );
    const tiers = await run(tx, qb.selectFrom('pricing_tiers').selectAll().where('event_id', '=', id));
    if (tiers.length) {
      await exec(
        tx,
        qb.insertInto('pricing_tiers').values(
          tiers.map((t) => ({
            event_id: copyId,
            name: t.name,
            description: t.description,
            price: t.price,
            order: t.order,
            starts_at: shift(t.starts_at, ms),
            ends_at: shift(t.ends_at, ms),
            total: t.total,
            // every place free again (the trigger would do the same from the total)
            available: t.total,
            restricted_payment_methods: t.restricted_payment_methods,
            custom_pix_key: t.custom_pix_key,
            payment_link: t.payment_link,
            staff_only: t.staff_only,
            door_only: t.door_only,
          })),
        ),
      );
    }
    return copyId;
  });
}
