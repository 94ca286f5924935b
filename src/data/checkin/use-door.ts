/** Live reads of the door's store for the check-in screen. */
import type { CheckinIssue, RosterMeta } from '../db.ts';
import { useStoreQuery } from '../use-store-query.ts';
import { readIssues } from './store.ts';

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
