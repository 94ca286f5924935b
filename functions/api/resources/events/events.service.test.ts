import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database as Connection, openMigratedDatabase } from '../../../../server/db.ts';
import { DEMO_TAGS } from '../../../../server/seed/demo.ts';
import { seed } from '../../../../server/seed/index.ts';
import { addMonths, monthOf } from '../../../../src/domain/events.ts';
import { type PostgresCluster, startPostgres } from '../../../../tests/postgres/cluster.ts';
import * as current from './events.service.ts';

// The one-statement reads answer exactly what the former seven-query services/events.ts answered (same
// values, same key order): the snapshots were written by that implementation on the demo seed, on both
// drivers, before it was deleted (since then only tags gained is_general). Test names key the snapshots.
const seededAt = new Date('2026-03-10T20:00:00.000Z');
const connections = new Map<string, Connection>();
let cluster: PostgresCluster | undefined;

async function seeded(url?: string): Promise<Connection> {
  const database = await openMigratedDatabase(url ? { url } : {});
  await seed(database.db, {
    now: seededAt,
    hashPassword: async (pw) => `x:${pw}`,
    putObject: async () => {},
  });
  return database;
}

// Both drivers in both vitest projects: the snapshot file holds both, and CI fails on snapshots a
// project leaves unread (obsolete).
const DRIVERS = ['pglite', 'postgres.js'];

beforeAll(async () => {
  if (DRIVERS.includes('pglite')) connections.set('pglite', await seeded());
  cluster = await startPostgres();
  connections.set('postgres.js', await seeded(cluster.url));
}, 120_000);

afterAll(async () => {
  for (const c of connections.values()) await c.close();
  await cluster?.stop();
});

const HOUR = 3600_000;
const moments = [-30 * 24, -3, 0, 1, 2.5, 5, 26, 24 * 7, 24 * 29, 24 * 33, 24 * 60].map(
  (h) => new Date(seededAt.getTime() + h * HOUR),
);

describe.each(DRIVERS)('events.queries on %s', (driver) => {
  const db = () => connections.get(driver)!.db;

  it('listUpcomingEvents answers what services/events.ts answers, at many moments', async () => {
    let seen = 0;
    for (const now of moments) {
      const expected = await current.listUpcomingEvents(db(), now);
      expect(JSON.stringify(expected, null, 1)).toMatchSnapshot(now.toISOString());
      seen += expected.length;
    }
    expect(seen).toBeGreaterThan(0);
    const atSeed = await current.listUpcomingEvents(db(), seededAt);
    expect(atSeed.some((e) => e.pricing_tiers.length > 0 && e.venues.length > 0)).toBe(true);
  });

  it('getEvent answers what services/events.ts answers for every event (deleted and children too)', async () => {
    const ids = await db().query<{ id: string }>('select id from public.events order by id');
    expect(ids.length).toBeGreaterThan(0);
    for (const { id } of [...ids, { id: '00000000-0000-0000-0000-000000000000' }]) {
      expect(JSON.stringify(await current.getEvent(db(), id), null, 1)).toMatchSnapshot(id);
    }
  });

  it('listEventsOfMonth answers what services/events.ts answers', async () => {
    const month = monthOf(seededAt);
    for (const m of [
      addMonths(month, -2),
      addMonths(month, -1),
      month,
      addMonths(month, 1),
      addMonths(month, 2),
    ]) {
      expect(JSON.stringify(await current.listEventsOfMonth(db(), m), null, 1)).toMatchSnapshot(m);
    }
  });

  it('tags carry is_general: the seed marks its general tag, and only one live tag may carry it', async () => {
    const tags = (await current.listUpcomingEvents(db(), seededAt)).flatMap((e) => e.tags);
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(t.is_general, t.name).toBe(t.id === DEMO_TAGS.general.id);
    await expect(
      db().query("insert into public.tags (name, is_general) values ('Outra geral', true)"),
    ).rejects.toMatchObject({ code: '23505' });
    // a soft-deleted general tag does not count
    await db().query(
      "insert into public.tags (name, is_general, deleted_at) values ('Geral antiga', true, now())",
    );
    await db().query("delete from public.tags where name = 'Geral antiga'");
  });
});

it('is one statement', () => {
  const { sql, parameters } = current.upcomingEventsQuery(seededAt).compile();
  expect(sql.match(/;/g) ?? []).toHaveLength(0);
  expect(sql).toMatch(/^select /);
  expect(parameters.filter((p) => !(p instanceof Date))).toEqual([true]);
});
