/** Live reads of the events store for screens, refreshed when shown (stale-while-revalidate). */
import type { StoredEvent } from '../db.ts';
import { openStoreAfterFirstScreen } from '../open-db.ts';
import type { Listing } from '../sync.ts';
import { useStoreQuery } from '../use-store-query.ts';
import { useListing, useRefreshWhenOnline } from '../use-sync.ts';
import { refreshEvent, refreshMonth, refreshUpcoming } from './refresh.ts';
import { eventSyncKey, monthSyncKey, readEvent, readMonth, readUpcoming, UPCOMING_KEY } from './store.ts';

const hasEvents = (events: StoredEvent[]) => events.length > 0;

/** Upcoming top-level events (home), soonest first. */
export function useUpcomingEvents(): Listing<StoredEvent[]> {
  const stored = useStoreQuery(readUpcoming, [], openStoreAfterFirstScreen);
  useRefreshWhenOnline(UPCOMING_KEY, refreshUpcoming);
  return useListing(
    UPCOMING_KEY,
    stored && { value: stored.events, fetchedAt: stored.fetchedAt },
    hasEvents,
    () => void refreshUpcoming(),
  );
}

/** Top-level events starting in `month` (São Paulo time), soonest first. */
export function useMonthEvents(month: string): Listing<StoredEvent[]> {
  const key = monthSyncKey(month);
  const stored = useStoreQuery(
    async (db) => ({ month, ...(await readMonth(db, month)) }),
    [month],
    openStoreAfterFirstScreen,
  );
  useRefreshWhenOnline(key, () => refreshMonth(month));
  const current = stored?.month === month ? stored : undefined;
  return useListing(
    key,
    current && { value: current.events, fetchedAt: current.fetchedAt },
    hasEvents,
    () => void refreshMonth(month),
  );
}

/** One event (overlay, event page); `id` undefined reads nothing. */
export function useEvent(id: string | undefined): Listing<StoredEvent | null> {
  const key = eventSyncKey(id ?? '');
  const stored = useStoreQuery(
    async (db) => (id ? { id, ...(await readEvent(db, id)) } : { id, event: null, fetchedAt: null }),
    [id],
    openStoreAfterFirstScreen,
  );
  useRefreshWhenOnline(key, () => (id ? refreshEvent(id) : Promise.resolve()));
  const current = stored?.id === id ? stored : undefined;
  return useListing(
    key,
    current && { value: current.event, fetchedAt: current.fetchedAt },
    Boolean,
    () => void (id && refreshEvent(id)),
  );
}
