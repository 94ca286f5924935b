import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { aRegistration } from './testing/fixtures.ts';

// openDb loads Dexie (≈ 0.5 s of a slow phone's CPU): the start-up restore must not need it
vi.mock('./open-db.ts', async (original) => {
  const actual = await original<typeof import('./open-db.ts')>();
  return { ...actual, openDb: vi.fn(actual.openDb) };
});
const { openDb } = await import('./open-db.ts');
const { CongregaDb } = await import('./db.ts');
const { queryClient } = await import('./query-client.ts');
const { restoreQueries } = await import('./persist.ts');

describe('the start-up restore', () => {
  it('reads the kept answers with IndexedDB itself, without opening the store through Dexie', async () => {
    const written = new CongregaDb();
    await written.queries.put({
      hash: '["me","u1","registrations"]',
      key: ['me', 'u1', 'registrations'],
      data: [aRegistration('r1', 'u1')],
      updatedAt: 10,
    });
    written.close();
    await restoreQueries();
    expect(queryClient.getQueryData(['me', 'u1', 'registrations'])).toEqual([aRegistration('r1', 'u1')]);
    expect(queryClient.getQueryState(['me', 'u1', 'registrations'])?.dataUpdatedAt).toBe(10);
    expect(openDb).not.toHaveBeenCalled();
  });

  it('a store from before the `queries` table is read (and upgraded) by Dexie', async () => {
    await new Promise<void>((resolve, reject) => {
      const drop = indexedDB.deleteDatabase('congrega');
      drop.onsuccess = () => resolve();
      drop.onerror = () => reject(drop.error);
    });
    const old = new CongregaDb('congrega', { upTo: 6 });
    await old.open();
    old.close();
    queryClient.clear();
    await restoreQueries();
    expect(openDb).toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
