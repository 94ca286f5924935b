/** React side of the sync plumbing: a set's status, and refreshing it when a screen shows it. */
import { startTransition, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useOnlineStatus } from '../lib/session.ts';
import {
  type Answer,
  answers,
  IDLE,
  type Listing,
  listingView,
  markOffline,
  newest,
  type SyncStatus,
  syncStatuses,
} from './sync.ts';

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

/**
 * A set as a screen shows it: the store's copy (`stored`, undefined until the store answers) or the
 * API's answer of this page, whichever is newer, with its status and view.
 */
export function useListing<T>(
  key: string,
  stored: { value: T; fetchedAt: number | null } | undefined,
  hasData: (value: T) => boolean,
  retry: () => void,
): Listing<T> {
  const answer = useAnswer<T>(key);
  const status = useSyncStatus(key);
  const shown = newest(stored, answer);
  const fetched = shown?.fetchedAt != null;
  return {
    data: shown?.value,
    fetched,
    status,
    view: listingView({
      answered: Boolean(shown),
      hasData: shown ? hasData(shown.value) : false,
      fetched,
      status,
    }),
    retry,
  };
}

/**
 * This page's answer for `key`. It arrives as a transition: React renders the screen it fills
 * (a home of cards) in slices, not in one long task that would hold up a tap.
 */
function useAnswer<T>(key: string): Answer<T> | undefined {
  const [shown, setShown] = useState(() => ({ key, answer: answers.getState()[key] }));
  useEffect(() => {
    const show = () => startTransition(() => setShown({ key, answer: answers.getState()[key] }));
    show();
    return answers.subscribe(show);
  }, [key]);
  return (shown.key === key ? shown.answer : answers.getState()[key]) as Answer<T> | undefined;
}
