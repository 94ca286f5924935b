/** Live reads of the events store for screens, refreshed when shown (stale-while-revalidate). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoredEvent } from '../db.ts';
import { type Listing, listingView } from '../sync.ts';
import { useRefreshWhenOnline, useSyncStatus } from '../use-sync.ts';
import { refreshEvent, refreshMonth, refreshUpcoming } from './refresh.ts';
import { eventSyncKey, monthSyncKey, readEvent, readMonth, readUpcoming, UPCOMING_KEY } from './store.ts';

/** Upcoming top-level events (home), soonest first. */
export function useUpcomingEvents(): Listing<StoredEvent[]> {
  const result = useLiveQuery(readUpcoming, []);
  useRefreshWhenOnline(UPCOMING_KEY, refreshUpcoming);
  const status = useSyncStatus(UPCOMING_KEY);
  const fetched = result?.fetched ?? false;
  return {
    data: result?.events,
    fetched,
    status,
    view: listingView({
      answered: Boolean(result),
      hasData: Boolean(result?.events.length),
      fetched,
      status,
    }),
    retry: () => void refreshUpcoming(),
  };
}

/** Top-level events starting in `month` (São Paulo time), soonest first. */
export function useMonthEvents(month: string): Listing<StoredEvent[]> {
  const key = monthSyncKey(month);
  const result = useLiveQuery(async () => ({ month, ...(await readMonth(month)) }), [month]);
  useRefreshWhenOnline(key, () => refreshMonth(month));
  const status = useSyncStatus(key);
  const current = result?.month === month ? result : undefined;
  const fetched = current?.fetched ?? false;
  return {
    data: current?.events,
    fetched,
    status,
    view: listingView({
      answered: Boolean(current),
      hasData: Boolean(current?.events.length),
      fetched,
      status,
    }),
    retry: () => void refreshMonth(month),
  };
}

/** One event (overlay, event page); `id` undefined reads nothing. */
export function useEvent(id: string | undefined): Listing<StoredEvent | null> {
  const key = eventSyncKey(id ?? '');
  const result = useLiveQuery(
    async () => (id ? { id, ...(await readEvent(id)) } : { id, event: null, fetched: false }),
    [id],
  );
  useRefreshWhenOnline(key, () => (id ? refreshEvent(id) : Promise.resolve()));
  const status = useSyncStatus(key);
  const current = result?.id === id ? result : undefined;
  const fetched = current?.fetched ?? false;
  return {
    data: current?.event,
    fetched,
    status,
    view: listingView({ answered: Boolean(current), hasData: Boolean(current?.event), fetched, status }),
    retry: () => void (id && refreshEvent(id)),
  };
}
