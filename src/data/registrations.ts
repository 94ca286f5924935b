/**
 * The signed-in member's registrations, kept in Dexie so 'Ver inscrição »' works offline. Wiped on
 * sign-out. Later issues (my registrations, tickets) extend this repository.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { registerSignOutCleanup, useOnlineStatus, useSessionStore } from '../lib/session.ts';
import { clearMemberData, db, type StoredRegistration } from './db.ts';
import { fetchApi, refresh, type SyncStatus, useSyncStatus } from './sync.ts';

export const REGISTRATIONS_KEY = 'registrations';

/** GET /v1/registrations → replaces the stored set. */
export function refreshMyRegistrations(): Promise<void> {
  return refresh(REGISTRATIONS_KEY, async () => {
    const registrations = await fetchApi((api) => api.v1.registrations.$get());
    await db.transaction('rw', db.registrations, db.syncState, async () => {
      await db.registrations.clear();
      await db.registrations.bulkPut(registrations);
      await db.syncState.put({ key: REGISTRATIONS_KEY, fetched_at: Date.now() });
    });
  });
}

const NONE: StoredRegistration[] = [];

/**
 * The member's registrations (all statuses; use `currentRegistration` from domain/tiers to pick
 * the one that counts for an event). Empty for guests; undefined while the store answers.
 */
export function useMyRegistrations(): { data: StoredRegistration[] | undefined; status: SyncStatus } {
  const userId = useSessionStore((s) => s.session?.user.id);
  const online = useOnlineStatus();
  // Only the signed-in member's rows, even before a stale store from another account is wiped.
  const rows = useLiveQuery(
    () => (userId ? db.registrations.where('user_id').equals(userId).toArray() : NONE),
    [userId],
  );
  useEffect(() => {
    if (userId && online) void refreshMyRegistrations();
  }, [userId, online]);
  const status = useSyncStatus(REGISTRATIONS_KEY);
  return { data: userId ? rows : NONE, status };
}

// Sign-out wipes the member's data from the store (public events stay).
registerSignOutCleanup(clearMemberData);
