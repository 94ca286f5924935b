/** React hooks over the events store (events.ts stays React-free for the service worker). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useOnlineStatus } from '../lib/session.ts';
import { db, type StoredEvent } from './db.ts';
import {
  byStart,
  eventSyncKey,
  monthSyncKey,
  refreshEvent,
  refreshMonth,
  refreshUpcoming,
  UPCOMING_KEY,
} from './events.ts';
import { markOffline, type SyncStatus, useSyncStatus } from './sync.ts';

export interface Listing<T> {
  /** Undefined until the store has answered. */
  data: T | undefined;
  /** The set was fetched from the API at least once on this device. */
  fetched: boolean;
  status: SyncStatus;
  retry(): void;
}

/** Refreshes on mount and whenever the device comes back online; offline, marks the set so. */
function useRefreshOnMount(key: string, run: () => Promise<void>): void {
  const online = useOnlineStatus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` identifies what `run` refreshes
  useEffect(() => {
    if (online) void run();
    else markOffline(key);
  }, [online, key]);
}

/** Upcoming top-level events (home), soonest first. */
export function useUpcomingEvents(): Listing<StoredEvent[]> {
  const result = useLiveQuery(async () => {
    const [events, sync] = await Promise.all([
      db.events.where('upcoming').equals(1).toArray(),
      db.syncState.get(UPCOMING_KEY),
    ]);
    return { events: events.filter((e) => !e.parent_id).sort(byStart), fetched: Boolean(sync) };
  }, []);
  useRefreshOnMount(UPCOMING_KEY, refreshUpcoming);
  const status = useSyncStatus(UPCOMING_KEY);
  return {
    data: result?.events,
    fetched: result?.fetched ?? false,
    status,
    retry: () => void refreshUpcoming(),
  };
}

/** Top-level events starting in `month` (São Paulo time), soonest first. */
export function useMonthEvents(month: string): Listing<StoredEvent[]> {
  const key = monthSyncKey(month);
  const result = useLiveQuery(async () => {
    const [events, sync] = await Promise.all([
      db.events.where('month').equals(month).toArray(),
      db.syncState.get(key),
    ]);
    return { month, events: events.filter((e) => !e.parent_id).sort(byStart), fetched: Boolean(sync) };
  }, [month]);
  useRefreshOnMount(key, () => refreshMonth(month));
  const status = useSyncStatus(key);
  const current = result?.month === month ? result : undefined;
  return {
    data: current?.events,
    fetched: current?.fetched ?? false,
    status,
    retry: () => void refreshMonth(month),
  };
}

/** One event (overlay, event page); `id` undefined reads nothing. */
export function useEvent(id: string | undefined): Listing<StoredEvent | null> {
  const key = eventSyncKey(id ?? '');
  const result = useLiveQuery(async () => {
    if (!id) return { id, event: null, fetched: false };
    const [event, sync] = await Promise.all([db.events.get(id), db.syncState.get(key)]);
    return { id, event: event ?? null, fetched: Boolean(sync) };
  }, [id]);
  useRefreshOnMount(key, () => (id ? refreshEvent(id) : Promise.resolve()));
  const status = useSyncStatus(key);
  const current = result?.id === id ? result : undefined;
  return {
    data: current?.event,
    fetched: current?.fetched ?? false,
    status,
    retry: () => void (id && refreshEvent(id)),
  };
}
