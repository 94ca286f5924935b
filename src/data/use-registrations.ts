/** React hook over the registrations store (registrations.ts stays React-free). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useOnlineStatus, useSessionStore } from '../lib/session.ts';
import { db, type StoredRegistration } from './db.ts';
import { REGISTRATIONS_KEY, refreshMyRegistrations } from './registrations.ts';
import { type SyncStatus, useSyncStatus } from './sync.ts';

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
