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
const { db } = await import('./db.ts');
const { queryClient } = await import('./query-client.ts');
const { startPersisting, writePending, restoreQueries } = await import('./persist.ts');
const { clearMemberData, clearMemberDataLeftBehind } = await import('./member-data.ts');
const { upcomingEventsQuery } = await import('./events/upcoming-query.ts');
const { eventQuery } = await import('./events/event-query.ts');
const { myRegistrationsQuery } = await import('./registrations/my-registrations-query.ts');
const { meQuery } = await import('./me-query.ts');
const { invalidateMyRegistrations } = await import('./registrations/mutations.ts');

const apiMock = vi.mocked(unwrap);
const publicMock = vi.mocked(getPublic);
startPersisting();

const kept = async () => (await db.queries.toArray()).map((r) => r.hash).sort();

beforeEach(async () => {
  apiMock.mockReset();
  publicMock.mockReset();
  queryClient.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('answers kept on the device', () => {
  it('keeps the events and the member’s registrations as they arrive, not other queries', async () => {
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await queryClient.fetchQuery({ queryKey: ['admin', 'x'], queryFn: () => 1 });
    await writePending();
    expect(await kept()).toEqual(['["events","upcoming"]', '["me","u1","registrations"]']);
    const row = await db.queries.get('["me","u1","registrations"]');
    expect(row?.data).toEqual([aRegistration('r1', 'u1')]);
  });

  it('offline, a failed read shows what the device kept (the ticket opens), marked as a failure', async () => {
    await db.queries.put({
      hash: '["me","u1","registrations"]',
      key: ['me', 'u1', 'registrations'],
      data: [aRegistration('r1', 'u1')],
      updatedAt: 10,
    });
    apiMock.mockRejectedValueOnce(apiFailure(0, 'NETWORK'));
    await queryClient.fetchQuery(myRegistrationsQuery('u1')).catch(() => undefined);
    const state = queryClient.getQueryState(myRegistrationsQuery('u1').queryKey);
    expect(state?.data).toEqual([aRegistration('r1', 'u1')]);
    expect(state?.dataUpdatedAt).toBe(10);
    expect(state?.status).toBe('error');
  });

  it('a restored answer shows at once but is stale, however recent: the next reader asks the API', async () => {
    await db.queries.put({
      hash: '["me","u1","registrations"]',
      key: ['me', 'u1', 'registrations'],
      data: [aRegistration('r1', 'u1')],
      updatedAt: Date.now() - 1_000, // kept a second before a reload
    });
    await restoreQueries();
    const query = queryClient.getQueryCache().find({ queryKey: myRegistrationsQuery('u1').queryKey })!;
    expect(query.state.data).toEqual([aRegistration('r1', 'u1')]);
    expect(query.isStale()).toBe(true);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1'), aRegistration('r2', 'u1')]);
    const observer = new QueryObserver(queryClient, { ...myRegistrationsQuery('u1') });
    const seen = new Promise<unknown>((resolve) =>
      observer.subscribe((r) => {
        if (r.data?.length === 2) resolve(r.data);
      }),
    );
    expect(await seen).toHaveLength(2);
    observer.destroy();
  });

  it('a restored answer never replaces a newer one', async () => {
    publicMock.mockResolvedValueOnce([anEvent('fresh')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await db.queries.put({
      hash: '["events","upcoming"]',
      key: ['events', 'upcoming'],
      data: [anEvent('old')],
      updatedAt: 1,
    });
    await restoreQueries();
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
    await writePending();
    expect(await kept()).toEqual(['["me","u1","profile"]']);
    await clearMemberData();
    expect(queryClient.getQueryData(meQuery('u1').queryKey)).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it("removes the member's answers from the cache and the device, keeps public events", async () => {
    publicMock.mockResolvedValueOnce([anEvent('e1')]);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(upcomingEventsQuery());
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await writePending();
    await clearMemberData();
    expect(queryClient.getQueryData(myRegistrationsQuery('u1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(upcomingEventsQuery().queryKey)).toEqual([anEvent('e1')]);
    expect(await kept()).toEqual(['["events","upcoming"]']);
  });

  it('an answer that arrives after the member signed out is neither shown nor kept', async () => {
    const answer = deferred<unknown>();
    apiMock.mockReturnValueOnce(answer.promise as Promise<never>);
    const running = queryClient.fetchQuery(myRegistrationsQuery('u1')).catch(() => undefined);
    await clearMemberData();
    answer.resolve([aRegistration('r1', 'u1')]);
    await running;
    await writePending();
    expect(queryClient.getQueryData(myRegistrationsQuery('u1').queryKey)).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it('a write asked before the wipe lands before it (nothing of the member is left)', async () => {
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    const writing = writePending();
    await clearMemberData();
    await writing;
    expect(await kept()).toEqual([]);
  });

  it('what a restore queued before the wipe puts back is removed too', async () => {
    await db.queries.put({
      hash: '["me","u1","registrations"]',
      key: ['me', 'u1', 'registrations'],
      data: [aRegistration('r1', 'u1')],
      updatedAt: 10,
    });
    const restoring = restoreQueries();
    await clearMemberData();
    await restoring;
    expect(queryClient.getQueryData(myRegistrationsQuery('u1').queryKey)).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it('runs from the session module’s sign-out cleanups (as main.tsx registers it)', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://localhost:54321');
    const { registerSignOutCleanup, runSignOutCleanups } = await import('../lib/session.ts');
    const unregister = registerSignOutCleanup(clearMemberData);
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await writePending();
    await runSignOutCleanups();
    expect(await kept()).toEqual([]);
    unregister();
  });

  it('at start-up with no session: wipes what a member left, and creates no store where there is none', async () => {
    apiMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await queryClient.fetchQuery(myRegistrationsQuery('u1'));
    await writePending();
    // a visitor's screen asked for a public answer meanwhile: it stays, and gets its answer
    let answer!: (value: unknown) => void;
    const asked = queryClient.fetchQuery({
      queryKey: ['privacy-info'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    await clearMemberDataLeftBehind();
    expect(await kept()).toEqual([]);
    expect(queryClient.getQueryCache().find({ queryKey: ['me'] })).toBeUndefined();
    answer({ controller_email: 'privacidade@congrega.local' });
    await asked;
    expect(queryClient.getQueryData(['privacy-info'])).toEqual({
      controller_email: 'privacidade@congrega.local',
    });
    db.close();
    await db.delete();
    await clearMemberDataLeftBehind();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(db.name);
    await db.open();
  });
});
