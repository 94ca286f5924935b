import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anEvent, apiFailure, aRegistration, deferred, requestedPath } from '../testing/fixtures.ts';

vi.mock('../api.ts', () => ({ fetchApi: vi.fn() }));

const { fetchApi } = await import('../api.ts');
const { db } = await import('../db.ts');
const { clearMemberData, clearMemberDataLeftBehind } = await import('../member-data.ts');
const { syncStatusOf } = await import('../sync.ts');
const { saveUpcoming, readUpcoming } = await import('../events/store.ts');
const { refreshMyRegistrations, refreshMyRegistrationsAfterWrite } = await import('./refresh.ts');
const { readMyRegistrations } = await import('./store.ts');

const fetchMock = vi.mocked(fetchApi);

beforeEach(async () => {
  fetchMock.mockReset();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('registrations store', () => {
  it("replaces the member's set from GET /v1/registrations", async () => {
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1'), aRegistration('r2', 'u1')]);
    await refreshMyRegistrations();
    expect(await requestedPath(fetchMock.mock.calls[0]![0])).toBe('/v1/registrations');
    fetchMock.mockResolvedValueOnce([aRegistration('r2', 'u1')]);
    await refreshMyRegistrations();
    expect((await readMyRegistrations(db, 'u1')).map((r) => r.id)).toEqual(['r2']);
    expect(await db.syncState.get('registrations')).toBeDefined();
  });

  it('reads only the given member’s rows', async () => {
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await refreshMyRegistrations();
    expect(await readMyRegistrations(db, 'u2')).toEqual([]);
  });

  it('offline keeps the stored registrations ("Ver inscrição »" still works)', async () => {
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await refreshMyRegistrations();
    fetchMock.mockRejectedValueOnce(apiFailure(0, 'NETWORK'));
    await refreshMyRegistrations();
    expect((await readMyRegistrations(db, 'u1')).map((r) => r.id)).toEqual(['r1']);
    expect(syncStatusOf('registrations').phase).toBe('offline');
  });

  it('after a checkout, a refresh already in flight (asked before it) is followed by one that sees it', async () => {
    const before = deferred<unknown>();
    fetchMock.mockReturnValueOnce(before.promise as Promise<never>);
    const onScreen = refreshMyRegistrations(); // the screen's refresh, at mount
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1'), aRegistration('r2', 'u1')]);
    const afterCheckout = refreshMyRegistrationsAfterWrite();
    before.resolve([aRegistration('r1', 'u1')]);
    await Promise.all([onScreen, afterCheckout]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await readMyRegistrations(db, 'u1')).map((r) => r.id).sort()).toEqual(['r1', 'r2']);
  });
});

describe('sign-out wipe', () => {
  it("removes the member's registrations and their sync state, keeps public events", async () => {
    await saveUpcoming([anEvent('e1')]);
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await refreshMyRegistrations();
    await clearMemberData();
    expect(await db.registrations.count()).toBe(0);
    expect(await db.syncState.get('registrations')).toBeUndefined();
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['e1']);
  });

  it('drops an answer that arrives after the member signed out', async () => {
    const answer = deferred<unknown>();
    fetchMock.mockReturnValueOnce(answer.promise as Promise<never>);
    const running = refreshMyRegistrations();
    await clearMemberData();
    answer.resolve([aRegistration('r1', 'u1')]);
    await running;
    expect(await db.registrations.count()).toBe(0);
    expect(await db.syncState.get('registrations')).toBeUndefined();
  });

  it('runs from the session module’s sign-out cleanups (as main.tsx registers it)', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://localhost:54321');
    const { registerSignOutCleanup, runSignOutCleanups } = await import('../../lib/session.ts');
    const unregister = registerSignOutCleanup(clearMemberData);
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await refreshMyRegistrations();
    await runSignOutCleanups();
    expect(await db.registrations.count()).toBe(0);
    unregister();
  });

  it('at start-up with no session: wipes what a member left, and creates no store where there is none', async () => {
    fetchMock.mockResolvedValueOnce([aRegistration('r1', 'u1')]);
    await refreshMyRegistrations();
    await clearMemberDataLeftBehind();
    expect(await db.registrations.count()).toBe(0);

    await db.delete();
    await clearMemberDataLeftBehind();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(db.name);
    await db.open();
  });
});
