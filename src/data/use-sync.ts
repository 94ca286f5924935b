/** React side of the sync plumbing: a set's status, and refreshing it when a screen shows it. */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useOnlineStatus } from '../lib/session.ts';
import { IDLE, markOffline, type SyncStatus, syncStatuses } from './sync.ts';

export function useSyncStatus(key: string): SyncStatus {
  return useStore(syncStatuses, (s) => s[key] ?? IDLE);
}

/** Refreshes `key` on mount and whenever the device comes back online; offline, marks it so. */
export function useRefreshWhenOnline(key: string, run: () => Promise<void>): void {
  const online = useOnlineStatus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` identifies what `run` refreshes
  useEffect(() => {
    if (online) void run();
    else markOffline(key);
  }, [online, key]);
}
