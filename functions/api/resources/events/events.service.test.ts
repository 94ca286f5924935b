import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS, DEMO_TAGS } from '../../../../server/seed/demo.ts';
import { seed } from '../../../../server/seed/index.ts';
import { addMonths, isUpcoming, monthOf } from '../../../../src/domain/events.ts';
import type { EventDetail } from '../../../../src/domain/types.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { DETAIL_KEYS } from '../../testing/event-detail-keys.ts';
import { getEvent, listEventsOfMonth, listUpcomingEvents, upcomingEventsQuery } from './events.service.ts';

// The one-statement reads on the demo seed, on PGlite (integration project) and on PostgreSQL
// (postgres project): what each read must answer, checked against the domain's own rules and the rows.
const seededAt = new Date('2026-03-10T20:00:00.000Z');
const { db } = apiSuite().database;

beforeAll(async () => {
  await seed(db, {
    now: seededAt,
    hashPassword: async (pw) => `x:${pw}`,
    putObject: async () => {},
  });
}, 120_000);

const HOUR = 3600_000;
const moments = [-30 * 24, -3, 0, 1, 2.5, 5, 26, 24 * 7, 24 * 29, 24 * 33, 24 * 60].map(
  (h) => new Date(seededAt.getTime() + h * HOUR),
);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoOrNull = (value: string | null) => value === null || ISO.test(value);
const sortedBy = <T>(items: T[], key: (item: T) => number) =>
  items.every((item, i) => i === 0 || key(items[i - 1]!) <= key(item));

interface EventRow {
  id: string;
  parent_id: string | null;
  deleted: boolean;
  starts_at: string;
}
async function allEvents(): Promise<EventRow[]> {
  return db.query<EventRow>(
    `select id, parent_id, deleted_at is not null as deleted,
            to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at
       from public.events order by starts_at, id`,
  );
}

/** Every event's detail as getEvent answers it (deleted ones are null). */
async function allDetails(): Promise<Map<string, EventDetail | null>> {
  const details = new Map<string, EventDetail | null>();
  for (const { id } of await allEvents()) details.set(id, await getEvent(db, id));
  return details;
}

describe('getEvent', () => {
  it('answers every live event (top-level and child) in the API shape, and null for deleted or unknown ones', async () => {
    const rows = await allEvents();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const e = await getEvent(db, row.id);
      if (row.deleted) {
        expect(e, row.id).toBeNull();
        continue;
      }
      expect(e, row.id).not.toBeNull();
      expect(Object.keys(e!), row.id).toEqual(DETAIL_KEYS);
      expect(e!.id).toBe(row.id);
      expect(e!.parent_id).toBe(row.parent_id);
      expect(e!.starts_at).toBe(row.starts_at);
      expect(isoOrNull(e!.checkin_starts_at) && isoOrNull(e!.checkin_ends_at), row.id).toBe(true);
      for (const t of e!.pricing_tiers) {
        expect(t.event_id).toBe(row.id);
        expect(isoOrNull(t.starts_at) && isoOrNull(t.ends_at), t.id).toBe(true);
        // a limited tier counts its places; an unlimited one has none to count
        expect(t.total === null ? t.available === null : (t.available ?? -1) >= 0, t.id).toBe(true);
      }
      expect(
        sortedBy(e!.pricing_tiers, (t) => t.order),
        row.id,
      ).toBe(true);
      // children: live ones only, by start, each one's own parent is this event
      expect(
        sortedBy(e!.child_events, (c) => Date.parse(c.starts_at)),
        row.id,
      ).toBe(true);
      for (const child of e!.child_events) {
        expect(rows.find((r) => r.id === child.id)).toMatchObject({ parent_id: row.id, deleted: false });
      }
      const liveChildren = rows.filter((r) => r.parent_id === row.id && !r.deleted).map((r) => r.id);
      expect(e!.child_events.map((c) => c.id).sort(), row.id).toEqual(liveChildren.sort());
    }
    expect(await getEvent(db, '00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('carries the nested lists of the demo conference: speakers and venues in their positions, files, children', async () => {
    const e = (await getEvent(db, DEMO_EVENTS.conference.id))!;
    expect(e.speakers).toHaveLength(3);
    expect(e.venues.length).toBeGreaterThan(0);
    expect(typeof e.venues[0]!.lat).toBe('number');
    expect(e.files.length).toBe(2);
    expect(e.child_events.map((c) => c.id)).toEqual([DEMO_EVENTS.workshop.id, DEMO_EVENTS.communication.id]);
    expect(Object.keys(e.child_events[0]!)).toEqual([
      'id',
      'title',
      'image',
      'starts_at',
      'registration_policy',
      'external_redirect',
    ]);
    const [position] = await db.query<{ ids: string[] }>(
      `select array_agg(speaker_id::text order by position) as ids from public.event_speakers where event_id = $1`,
      [e.id],
    );
    expect(e.speakers.map((s) => s.id)).toEqual(position!.ids);
  });
});

describe('listUpcomingEvents', () => {
  it('answers exactly the live top-level events the domain rule calls upcoming, by start, at many moments', async () => {
    const details = await allDetails();
    let seen = 0;
    for (const now of moments) {
      const got = await listUpcomingEvents(db, now);
      const expected = [...details.values()]
        .filter((e): e is EventDetail => e !== null && e.parent_id === null && isUpcoming(e, now))
        .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || (a.id < b.id ? -1 : 1));
      expect(
        got.map((e) => e.id),
        now.toISOString(),
      ).toEqual(expected.map((e) => e.id));
      // each item is the same detail a single read answers
      for (const e of got) expect(e, e.id).toEqual(details.get(e.id));
      seen += got.length;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('at the seed moment: the event happening now first, past, deleted, children and far-away ones out', async () => {
    const got = (await listUpcomingEvents(db, seededAt)).map((e) => e.id);
    expect(got[0]).toBe(DEMO_EVENTS.happeningNow.id);
    for (const key of ['conference', 'vigil', 'openEvent', 'external', 'forced'] as const) {
      expect(got, key).toContain(DEMO_EVENTS[key].id);
    }
    for (const key of ['pastRetreat', 'deleted', 'workshop', 'later'] as const) {
      expect(got, key).not.toContain(DEMO_EVENTS[key].id);
    }
  });

  it('is one statement', () => {
    const { sql, parameters } = upcomingEventsQuery(seededAt).compile();
    expect(sql.match(/;/g) ?? []).toHaveLength(0);
    expect(sql).toMatch(/^select /);
    expect(parameters.filter((p) => !(p instanceof Date))).toEqual([true]);
  });
});

describe('listEventsOfMonth', () => {
  it('answers the live top-level events starting in the month (São Paulo time), by start', async () => {
    const details = await allDetails();
    const month = monthOf(seededAt);
    let seen = 0;
    for (const m of [-2, -1, 0, 1, 2].map((d) => addMonths(month, d))) {
      const got = await listEventsOfMonth(db, m);
      const expected = [...details.values()]
        .filter((e): e is EventDetail => e !== null && e.parent_id === null)
        .filter((e) => monthOf(new Date(e.starts_at)) === m)
        .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || (a.id < b.id ? -1 : 1));
      expect(
        got.map((e) => e.id),
        m,
      ).toEqual(expected.map((e) => e.id));
      for (const e of got) expect(e, e.id).toEqual(details.get(e.id));
      seen += got.length;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

it('tags carry is_general: the seed marks its general tag, and only one live tag may carry it', async () => {
  const tags = (await listUpcomingEvents(db, seededAt)).flatMap((e) => e.tags);
  expect(tags.length).toBeGreaterThan(0);
  for (const t of tags) expect(t.is_general, t.name).toBe(t.id === DEMO_TAGS.general.id);
  await expect(
    db.query("insert into public.tags (name, is_general) values ('Outra geral', true)"),
  ).rejects.toMatchObject({ code: '23505' });
  // a soft-deleted general tag does not count
  await db.query(
    "insert into public.tags (name, is_general, deleted_at) values ('Geral antiga', true, now())",
  );
  await db.query("delete from public.tags where name = 'Geral antiga'");
});
