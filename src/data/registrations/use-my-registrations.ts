/** The member's registrations for screens, from the store, refreshed while signed in and online. */
import { useEffect } from 'react';
import { useOnlineStatus, useSessionStore } from '../../lib/session.ts';
import type { StoredRegistration } from '../db.ts';
import { type SyncStatus, syncStatusOf } from '../sync.ts';
import { useStoreQuery } from '../use-store-query.ts';
import { useSyncStatus } from '../use-sync.ts';
import { refreshMyRegistrations } from './refresh.ts';
import { READ_NONE, REGISTRATIONS_KEY, readMyRegistrations } from './store.ts';

/**
 * The member's registrations (all statuses; use `currentRegistration` from domain/tiers to pick
 * the one that counts for an event). Empty for guests; undefined while the store answers.
 * `refresh: 'once'` (something app-wide, e.g. the check-in prompt) refreshes only when nothing
 * refreshed them since the app opened; screens refresh on every visit.
 */
export function useMyRegistrations(options: { refresh?: 'always' | 'once' } = {}): {
  data: StoredRegistration[] | undefined;
  status: SyncStatus;
} {
  const once = options.refresh === 'once';
  const userId = useSessionStore((s) => s.session?.user.id);
  const online = useOnlineStatus();
  // Only the signed-in member's rows, even before a stale store from another account is wiped.
  const rows = useStoreQuery((db) => (userId ? readMyRegistrations(db, userId) : READ_NONE), [userId]);
  useEffect(() => {
    if (!userId || !online) return;
    if (once && syncStatusOf(REGISTRATIONS_KEY).phase !== 'idle') return;
    void refreshMyRegistrations();
  }, [userId, online, once]);
  const status = useSyncStatus(REGISTRATIONS_KEY);
  return { data: userId ? rows : READ_NONE, status };
}
