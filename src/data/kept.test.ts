import 'fake-indexeddb/auto';
import { QueryObserver } from '@tanstack/query-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anEvent, apiFailure, aRegistration, deferred } from './testing/fixtures.ts';

// apiClient() answers any path; `unwrap` (the member's reads) and `getPublic` (public reads) are the mocks
vi.mock('../lib/api.ts', () => {
  const anyPath: object = new Proxy(() => undefined, { get: () => anyPath, apply: () => anyPath });
  return { apiClient: () => anyPath, unwrap: vi.fn() };
});
vi.mock('../lib/api-fetch.ts', () => ({ getPublic: vi.fn() }));
const { unwrap } = await import('../lib/api.ts');
const { getPublic } = await import('../lib/api-fetch.ts');
const { DB_NAME } = await import('./db-name.ts');
const { queryClient } = await import('./query-client.ts');
const { KEPT_DB_NAME, keptQueries } = await import('./kept.ts');
const { clearMemberData } = await import('./member-data.ts');
const { upcomingEventsQuery } = await import('./events/upcoming-query.ts');
const { eventQuery } = await import('./events/event-query.ts');
const { myRegistrationsQuery } = await import('./registrations/my-registrations-query.ts');
const { meQuery } = await import('./me-query.ts');
const { invalidateMyRegistrations } = await import('./registrations/mutations.ts');

const apiMock = vi.mocked(unwrap);
const publicMock = vi.mocked(getPublic);

/** The device's kept answers (raw IndexedDB, as the browser holds them): query hash → persisted query. */
function keptRows(): Promise<Map<string, { state: { data: unknown; dataUpdatedAt: number } }>> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(KEPT_DB_NAME);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('kept').objectStore('kept').getAll();
      all.onsuccess = () => {
        open.result.close();
        const rows = (all.result as string[]).map((v) => JSON.parse(v));
        resolve(new Map(rows.map((r) => [r.queryHash, r])));
      };
    };
  });
}
const kept = async () => [...(await keptRows()).keys()].sort();

/** Puts an answer on the device as an earlier visit left it. */
function keep(key: readonly unknown[], data: unknown, dataUpdatedAt: number): Promise<void> {
  const queryHash = JSON.stringify(key);
  const value = JSON.stringify({ buster: '', queryHash, queryKey: key, state: { data, dataUpdatedAt } });
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(KEPT_DB_NAME);
    open.onsuccess = () => {
      const tx = open.result.transaction('kept', 'readwrite');
      tx.objectStore('kept').put(value, `query-${queryHash}`);
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

beforeEach(async () => {
  apiMock.mockReset();
  publicMock.mockReset();
  queryClient.clear();
  await keptQueries.removeQueries();
});

describe('answers kept on the device', () => {
  it('keeps the events and the member’s registrations as they arrive, not other queries', async () => {
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await queryClient.fetchQuery({ queryKey: ['admin', 'x'], queryFn: () => 1 });
    await vi.waitFor(async () =>
      expect(await kept()).toEqual(['["events","upcoming"]', '["me","u1","registrations"]']),
    );
    const row = (await keptRows()).get('["me","u1","registrations"]');
    expect(row?.state.data).toEqual([aRegistration('r1', 'u1')]);
  });

  it('offline, a new page shows what the device kept (the ticket opens), then asks the API again', async () => {
    await keep(['me', 'u1', 'registrations'], [aRegistration('r1', 'u1')], 10);
    apiMock.mockRejectedValueOnce(apiFailure(0, 'NETWORK'));
    const screen = new QueryObserver(queryClient, myRegistrationsQuery('u1'));
    const unsubscribe = screen.subscribe(() => undefined);
    await vi.waitFor(() => expect(screen.getCurrentResult().data).toEqual([aRegistration('r1', 'u1')]));
    // the kept answer is old: asked again, and the failure keeps what the device had
    await vi.waitFor(() => expect(screen.getCurrentResult().status).toBe('error'));
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(screen.getCurrentResult().data).toEqual([aRegistration('r1', 'u1')]);
    expect(screen.getCurrentResult().dataUpdatedAt).toBe(10);
    unsubscribe();
  });

  it('an answer in the cache is never replaced by an older one the device kept', async () => {
    publicMock.mockResolvedValue([anEvent('fresh')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await keep(['events', 'upcoming'], [anEvent('old')], 1);
    await queryClient.refetchQueries({ queryKey: ['events'] });
    expect(queryClient.getQueryData(upcomingEventsQuery().queryKey)).toEqual([anEvent('fresh')]);
  });

  it('an event a list brought opens before (or without) its own answer; a 404 is null', async () => {
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    const query = queryClient.getQueryCache().build(queryClient, { ...eventQuery('e1') } as never);
    expect(query.state.data).toEqual(anEvent('e1'));
    publicMock.mockRejectedValueOnce(apiFailure(404, 'EVENT_NOT_FOUND'));
    expect(await queryClient.fetchQuery(eventQuery('gone'))).toBeNull();
  });

  it('after a checkout, a read in flight (asked before it) is replaced by one that sees it', async () => {
    const before = deferred<unknown>();
    apiMock.mockReturnValueOnce(before.promise as Promise<never>);
    // the screen's read, at mount
    const screen = new QueryObserver(queryClient, myRegistrationsQuery('u1'));
    const unsubscribe = screen.subscribe(() => undefined);
    await vi.waitFor(() => expect(apiMock).toHaveBeenCalledTimes(1));
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1'), aRegistration('r2', 'u1')]);
    await invalidateMyRegistrations();
    before.resolve([aRegistration('r1', 'u1')]);
    await vi.waitFor(() => expect(screen.getCurrentResult().data?.map((r) => r.id)).toEqual(['r1', 'r2']));
    expect(apiMock).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('sign-out wipe', () => {
  it('keeps `me` as the member’s data: kept on the device, wiped with the rest', async () => {
    apiMock.mockResolvedValueOnce({ id: 'u1', permissions: ['checkin'] });
    await queryClient.fetchQuery(meQuery('u1'));
    await vi.waitFor(async () => expect(await kept()).toEqual(['["me","u1","profile"]']));
    await clearMemberData();
    expect(queryClient.getQueryData(meQuery('u1').queryKey)).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it("removes the member's answers from the cache and the device, keeps public events", async () => {
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await vi.waitFor(async () => expect(await kept()).toHaveLength(2));
    await clearMemberData();
    expect(queryClient.getQueryData(myRegistrationsQuery('u1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(upcomingEventsQuery().queryKey)).toEqual([anEvent('e1')]);
    expect(await kept()).toEqual(['["events","upcoming"]']);
  });

  it('an answer that arrives after the member signed out is neither shown nor kept', async () => {
    const answer = deferred<unknown>();
    apiMock.mockReturnValueOnce(answer.promise as Promise<never>);
    const running = queryClient.fetchQuery(myRegistrationsQuery('u1')).catch(() => undefined);
    await vi.waitFor(() => expect(apiMock).toHaveBeenCalledTimes(1));
    await clearMemberData();
    answer.resolve([aRegistration('r1', 'u1')]);
    await running;
    // a later write (an event's list) lands, so the member's would have landed before it
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await vi.waitFor(async () => expect(await kept()).toEqual(['["events","upcoming"]']));
    expect(queryClient.getQueryData(myRegistrationsQuery('u1').queryKey)).toBeUndefined();
  });

  it('a write asked just before the wipe leaves nothing of the member', async () => {
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    // the answer's write is scheduled, not yet run
    await clearMemberData();
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await vi.waitFor(async () => expect(await kept()).toEqual(['["events","upcoming"]']));
  });

  it('runs from the session module’s sign-out cleanups (as main.tsx registers it)', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://localhost:54321');
    const { registerSignOutCleanup, runSignOutCleanups } = await import('../lib/session.ts');
    const unregister = registerSignOutCleanup(clearMemberData);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await vi.waitFor(async () => expect(await kept()).toHaveLength(1));
    await runSignOutCleanups();
    expect(await kept()).toEqual([]);
    unregister();
  });

  it('at start-up with no session: wipes what a member left, and creates no Dexie store for it', async () => {
    await keep(['me', 'u1', 'registrations'], [aRegistration('r1', 'u1')], 10);
    await clearMemberData();
    expect(await kept()).toEqual([]);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DB_NAME);
  });
});
