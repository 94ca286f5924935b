/** Live reads of the door's store for the check-in screen. */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CheckinIssue, RosterMeta } from '../db.ts';
import { useStoreQuery } from '../use-store-query.ts';
import { storeAppForOffline } from './app-offline.ts';
import { connection, type Reach } from './connection.ts';
import { readIssues } from './store.ts';

/**
 * Whether the app is stored on this device for offline use (app-offline.ts): undefined until first
 * known, then checked every 2 s until it is (the service worker installs in the background), and
 * again when `after` changes (a chunk fetched since, e.g. the scanner's).
 */
export function useAppStoredOffline(after: unknown): boolean | undefined {
  const [stored, setStored] = useState<boolean>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `after` changing is the reason to check again
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      clearTimeout(timer);
      const ok = await storeAppForOffline();
      if (!active) return;
      setStored(ok);
      if (!ok) timer = setTimeout(check, 2000);
    };
    void check();
    const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    sw?.addEventListener('controllerchange', check);
    return () => {
      active = false;
      clearTimeout(timer);
      sw?.removeEventListener('controllerchange', check);
    };
  }, [after]);
  return stored;
}

/** The event's roster state: undefined while reading, null when none is kept here. */
export function useRosterMeta(eventId: string | null): RosterMeta | null | undefined {
  return useStoreQuery(
    async (db) => (eventId ? ((await db.rosterMeta.get(eventId)) ?? null) : null),
    [eventId],
  );
}

/** Rosters kept on this device (the events to choose from offline). */
export function useStoredRosters(): RosterMeta[] {
  return useStoreQuery((db) => db.rosterMeta.orderBy('event_id').toArray(), []) ?? [];
}

export function usePendingCount(): number {
  return useStoreQuery((db) => db.outbox.count(), []) ?? 0;
}

export function useCheckinIssues(eventId: string | null): CheckinIssue[] {
  return useStoreQuery((db) => (eventId ? readIssues(eventId, db) : []), [eventId]) ?? [];
}

/** Whether the server answers (connection.ts): the door's 'Online' / 'Sem internet'. */
export function useReach(): Reach {
  return useStore(connection, (s) => s.reach);
}
