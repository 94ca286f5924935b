import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventDetail } from '../domain/types.ts';
import { CongregaDb, VERSIONS } from './db.ts';
import { anEvent, aRegistration } from './testing/fixtures.ts';

/** An event row as schema versions 1–6 stored it. */
const toStored = (event: EventDetail, upcoming: 0 | 1, storedAt: number) => ({
  ...event,
  month: '2026-11',
  upcoming,
  stored_at: storedAt,
});

const opened: CongregaDb[] = [];
function open(name: string, upTo?: number): CongregaDb {
  const db = upTo === undefined ? new CongregaDb(name) : new CongregaDb(name, { upTo });
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('Dexie schema versions', () => {
  it('are ordered and never repeat', () => {
    const numbers = VERSIONS.map((v) => v.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a fresh database opens at the latest version', async () => {
    const db = open('fresh');
    await db.open();
    expect(db.verno).toBe(VERSIONS.at(-1)!.version);
    expect(db.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['queries', 'rosters', 'rosterMeta', 'outbox']),
    );
    expect(db.tables.map((t) => t.name)).not.toContain('events');
  });

  it('v1 → v2: stored tags get is_general from the old name rule, rows and sync state stay', async () => {
    const v1 = open('upgrade', 1);
    // a v1 row: tags without the flag, as the API answered before the migration
    const legacyTags = [
      { id: 'g', name: ' geral ', color: '#3080d4' },
      { id: 'j', name: 'Jovens', color: '#e8590c' },
    ];
    await v1.table('events').put({ ...toStored(anEvent('e1'), 1, 1), tags: legacyTags });
    await v1.table('syncState').put({ key: 'events:upcoming', fetched_at: 1 });
    v1.close();

    const v2 = open('upgrade', 2);
    const event = await v2.table('events').get('e1');
    expect(event?.tags).toEqual([
      { id: 'g', name: ' geral ', color: '#3080d4', is_general: true },
      { id: 'j', name: 'Jovens', color: '#e8590c', is_general: false },
    ]);
    expect(event?.upcoming).toBe(1);
    expect(await v2.table('syncState').get('events:upcoming')).toEqual({
      key: 'events:upcoming',
      fetched_at: 1,
    });
  });

  it('v1 → v2 keeps a flag the server already sent', async () => {
    const v1 = open('upgrade-flagged', 1);
    await v1
      .table('events')
      .put(
        toStored(
          anEvent('e1', { tags: [{ id: 'x', name: 'Todos', color: '#000000', is_general: true }] }),
          0,
          1,
        ),
      );
    v1.close();
    const v2 = open('upgrade-flagged', 2);
    expect((await v2.table('events').get('e1'))?.tags[0]?.is_general).toBe(true);
  });

  it('v6 → v7: the upcoming events and each member’s registrations become kept query answers', async () => {
    const v6 = open('upgrade-queries', 6);
    await v6.table('events').bulkPut([toStored(anEvent('e1'), 1, 5), toStored(anEvent('e2'), 0, 5)]);
    await v6.table('syncState').bulkPut([
      { key: 'events:upcoming', fetched_at: 5 },
      { key: 'registrations', fetched_at: 7 },
    ]);
    await v6.table('registrations').bulkPut([aRegistration('r1', 'u1'), aRegistration('r2', 'u2')]);
    v6.close();

    const v7 = open('upgrade-queries');
    const rows = await v7.queries.toArray();
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    expect(byHash.get('["events","upcoming"]')).toEqual({
      hash: '["events","upcoming"]',
      key: ['events', 'upcoming'],
      data: [anEvent('e1')],
      updatedAt: 5,
    });
    expect(byHash.get('["me","u1","registrations"]')?.data).toEqual([aRegistration('r1', 'u1')]);
    expect(byHash.get('["me","u2","registrations"]')?.updatedAt).toBe(7);
    expect(v7.tables.map((t) => t.name)).not.toContain('registrations');
  });
});
