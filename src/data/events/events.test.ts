import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncPhase, SyncStatus } from '../sync.ts';
import { anEvent, apiFailure, deferred, requestedPath } from '../testing/fixtures.ts';

vi.mock('../api.ts', () => ({ fetchPublic: vi.fn() }));

const { fetchPublic } = await import('../api.ts');
const { db } = await import('../db.ts');
const { answers, listingView, newest, syncStatusOf } = await import('../sync.ts');
const { refreshEvent, refreshMonth, refreshUpcoming } = await import('./refresh.ts');
const { readEvent, readMonth, readUpcoming } = await import('./store.ts');

const fetchMock = vi.mocked(fetchPublic);

beforeEach(async () => {
  fetchMock.mockReset();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('events store: stale-while-revalidate', () => {
  it('stores the upcoming list, soonest first, top-level only', async () => {
    fetchMock.mockResolvedValueOnce([
      anEvent('b', { starts_at: '2026-11-29T22:00:00.000Z' }),
      anEvent('a', { starts_at: '2026-11-28T22:00:00.000Z' }),
      anEvent('child', { parent_id: 'a' }),
    ]);
    expect(await readUpcoming(db)).toEqual({ events: [], fetchedAt: null });
    await refreshUpcoming();
    expect(await requestedPath(fetchMock.mock.calls[0]![0])).toBe('/v1/events/upcoming');
    const { events, fetchedAt } = await readUpcoming(db);
    expect(fetchedAt).toEqual(expect.any(Number));
    expect(events.map((e) => e.id)).toEqual(['a', 'b']);
    expect(events[0]!.month).toBe('2026-11');
    expect(syncStatusOf('events:upcoming').phase).toBe('ok');
  });

  it('keeps showing the stored list while a refresh is in flight, then shows the new one', async () => {
    fetchMock.mockResolvedValueOnce([anEvent('old')]);
    await refreshUpcoming();
    const answer = deferred<unknown>();
    fetchMock.mockReturnValueOnce(answer.promise as Promise<never>);
    const running = refreshUpcoming();
    expect(syncStatusOf('events:upcoming').phase).toBe('refreshing');
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['old']);
    answer.resolve([anEvent('new')]);
    await running;
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['new']);
  });

  it('an event no longer upcoming leaves the home but stays stored for its month', async () => {
    fetchMock.mockResolvedValueOnce([anEvent('a'), anEvent('b')]);
    await refreshUpcoming();
    fetchMock.mockResolvedValueOnce([anEvent('b')]);
    await refreshUpcoming();
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['b']);
    expect((await db.events.get('a'))?.upcoming).toBe(0);
    expect((await readMonth(db, '2026-11')).events.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('offline keeps the last data and says so', async () => {
    fetchMock.mockResolvedValueOnce([anEvent('a')]);
    await refreshUpcoming();
    fetchMock.mockRejectedValueOnce(apiFailure(0, 'NETWORK', 'Sem conexão'));
    await refreshUpcoming();
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['a']);
    expect(syncStatusOf('events:upcoming')).toEqual({ phase: 'offline', message: 'Sem conexão' });
  });

  it('a server error keeps the last data too', async () => {
    fetchMock.mockResolvedValueOnce([anEvent('a')]);
    await refreshUpcoming();
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    fetchMock.mockRejectedValueOnce(apiFailure(500, 'INTERNAL'));
    await refreshUpcoming();
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['a']);
    expect(syncStatusOf('events:upcoming').phase).toBe('error');
  });

  it('joins a refresh already in flight instead of fetching twice', async () => {
    const answer = deferred<unknown>();
    fetchMock.mockReturnValueOnce(answer.promise as Promise<never>);
    const first = refreshUpcoming();
    const second = refreshUpcoming();
    answer.resolve([anEvent('a')]);
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a month refresh drops events gone from that month, also one the home still lists', async () => {
    // 'deleted' was upcoming when the home last refreshed: deleted since, the month answer says so
    fetchMock.mockResolvedValueOnce([anEvent('up'), anEvent('deleted')]);
    await refreshUpcoming();
    fetchMock.mockResolvedValueOnce([anEvent('up'), anEvent('deleted'), anEvent('gone'), anEvent('stays')]);
    await refreshMonth('2026-11');
    fetchMock.mockResolvedValueOnce([anEvent('up'), anEvent('stays')]);
    await refreshMonth('2026-11');
    expect(await requestedPath(fetchMock.mock.lastCall![0])).toBe('/v1/events?month=2026-11');
    expect((await readMonth(db, '2026-11')).events.map((e) => e.id).sort()).toEqual(['stays', 'up']);
    expect((await readUpcoming(db)).events.map((e) => e.id)).toEqual(['up']);
    expect((await db.events.get('up'))?.upcoming).toBe(1);
  });

  it('one event: stored with its flag kept; a 404 removes it', async () => {
    fetchMock.mockResolvedValueOnce([anEvent('a')]);
    await refreshUpcoming();
    fetchMock.mockResolvedValueOnce(anEvent('a', { title: 'Novo título' }));
    await refreshEvent('a');
    const { event, fetchedAt } = await readEvent(db, 'a');
    expect(event?.title).toBe('Novo título');
    expect(event?.upcoming).toBe(1);
    expect(fetchedAt).toEqual(expect.any(Number));
    fetchMock.mockRejectedValueOnce(apiFailure(404, 'EVENT_NOT_FOUND'));
    await refreshEvent('a');
    expect((await readEvent(db, 'a')).event).toBeNull();
    expect(syncStatusOf('events:id:a').phase).toBe('not-found');
  });
});

describe('the answer shown before the store has it', () => {
  it('shows the API answer while the store is still writing it, listed as the store lists it', async () => {
    const stored = deferred<void>();
    const write = vi.spyOn(db, 'transaction').mockImplementationOnce((async () => stored.promise) as never);
    fetchMock.mockResolvedValueOnce([
      anEvent('b', { starts_at: '2026-11-29T22:00:00.000Z' }),
      anEvent('a', { starts_at: '2026-11-28T22:00:00.000Z' }),
      anEvent('child', { parent_id: 'a' }),
    ]);
    const running = refreshUpcoming();
    await vi.waitFor(() => expect(write).toHaveBeenCalled());
    const answer = answers.getState()['events:upcoming'] as { value: { id: string }[]; fetchedAt: number };
    expect(answer.value.map((e) => e.id)).toEqual(['a', 'b']);
    expect((await readUpcoming(db)).events).toEqual([]);
    expect(syncStatusOf('events:upcoming').phase).toBe('refreshing');
    stored.resolve();
    await running;
    write.mockRestore();
  });

  it('a 404 shows the event as gone at once', async () => {
    fetchMock.mockRejectedValueOnce(apiFailure(404, 'EVENT_NOT_FOUND'));
    await refreshEvent('gone');
    expect(answers.getState()['events:id:gone']?.value).toBeNull();
  });

  it('newest: the answer of this page until the store has one as new', () => {
    const answer = { value: 'answer', fetchedAt: 2_000 };
    expect(newest(undefined, answer)).toBe(answer);
    expect(newest({ value: 'stored', fetchedAt: null }, answer)).toBe(answer);
    expect(newest({ value: 'stored', fetchedAt: 1_000 }, answer)).toBe(answer);
    expect(newest({ value: 'stored', fetchedAt: 2_000 }, answer)?.value).toBe('stored');
    expect(newest({ value: 'stored', fetchedAt: 1_000 }, undefined)?.value).toBe('stored');
    expect(newest(undefined, undefined)).toBeUndefined();
  });
});

describe('listingView', () => {
  const status = (phase: SyncPhase): SyncStatus => ({ phase });

  it('is loading until the store answers and while the first fetch runs', () => {
    expect(listingView({ answered: false, hasData: false, fetched: false, status: status('idle') })).toBe(
      'loading',
    );
    expect(
      listingView({ answered: true, hasData: false, fetched: false, status: status('refreshing') }),
    ).toBe('loading');
  });

  it('is ready with stored data, even offline or while refreshing', () => {
    expect(listingView({ answered: true, hasData: true, fetched: true, status: status('offline') })).toBe(
      'ready',
    );
    expect(listingView({ answered: true, hasData: false, fetched: true, status: status('refreshing') })).toBe(
      'ready',
    );
  });

  it('is unavailable when nothing is stored and the fetch failed', () => {
    for (const phase of ['offline', 'error', 'not-found'] as const) {
      expect(listingView({ answered: true, hasData: false, fetched: false, status: status(phase) })).toBe(
        'unavailable',
      );
    }
  });
});
