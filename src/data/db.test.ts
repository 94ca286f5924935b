import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CongregaDb, VERSIONS } from './db.ts';
import { toStored } from './events/store.ts';
import { anEvent } from './testing/fixtures.ts';

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
      expect.arrayContaining(['events', 'registrations', 'syncState', 'rosters', 'rosterMeta', 'outbox']),
    );
  });

  it('v1 → v2: stored tags get is_general from the old name rule, rows and sync state stay', async () => {
    const v1 = open('upgrade', 1);
    // a v1 row: tags without the flag, as the API answered before the migration
    const legacyTags = [
      { id: 'g', name: ' geral ', color: '#3080d4' },
      { id: 'j', name: 'Jovens', color: '#e8590c' },
    ];
    await v1.events.put({ ...toStored(anEvent('e1'), 1, 1), tags: legacyTags as never });
    await v1.syncState.put({ key: 'events:upcoming', fetched_at: 1 });
    v1.close();

    const v2 = open('upgrade');
    const event = await v2.events.get('e1');
    expect(event?.tags).toEqual([
      { id: 'g', name: ' geral ', color: '#3080d4', is_general: true },
      { id: 'j', name: 'Jovens', color: '#e8590c', is_general: false },
    ]);
    expect(event?.upcoming).toBe(1);
    expect(await v2.syncState.get('events:upcoming')).toEqual({ key: 'events:upcoming', fetched_at: 1 });
  });

  it('v1 → v2 keeps a flag the server already sent', async () => {
    const v1 = open('upgrade-flagged', 1);
    await v1.events.put(
      toStored(
        anEvent('e1', { tags: [{ id: 'x', name: 'Todos', color: '#000000', is_general: true }] }),
        0,
        1,
      ),
    );
    v1.close();
    const v2 = open('upgrade-flagged');
    expect((await v2.events.get('e1'))?.tags[0]?.is_general).toBe(true);
  });
});
