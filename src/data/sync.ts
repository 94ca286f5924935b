/**
 * Stale-while-revalidate plumbing shared by the stores: one in-flight refresh per key, a small
 * status store (refreshing / ok / offline / error / not-found) that screens show as a quiet banner
 * while the stored data stays on screen, and the one view state every listing derives from them.
 * React-free (zustand/vanilla); the hooks are in use-sync.ts.
 */
import { createStore } from 'zustand/vanilla';

export type SyncPhase = 'idle' | 'refreshing' | 'ok' | 'offline' | 'error' | 'not-found';

export interface SyncStatus {
  phase: SyncPhase;
  /** pt-BR message of the last failure. */
  message?: string;
}

export const IDLE: SyncStatus = { phase: 'idle' };

/** Status of every refreshed set, by key. */
export const syncStatuses = createStore<Record<string, SyncStatus>>(() => ({}));

export function syncStatusOf(key: string): SyncStatus {
  return syncStatuses.getState()[key] ?? IDLE;
}

/** An API answer for a set, and when it was fetched (ms). */
export interface Answer<T> {
  value: T;
  fetchedAt: number;
}

/**
 * The API's last answer for each set in this page. A screen shows it at once, and the store's copy
 * again once that is as new: the store may still be loading (open-db.ts) when the answer arrives.
 */
export const answers = createStore<Record<string, Answer<unknown>>>(() => ({}));

export function showAnswer<T>(key: string, value: T, fetchedAt: number): void {
  answers.setState({ [key]: { value, fetchedAt } });
}

/** The store's copy of a set (its `fetchedAt` null when never fetched here) or this page's answer: the newer. */
export function newest<T>(
  stored: { value: T; fetchedAt: number | null } | undefined,
  answer: Answer<T> | undefined,
): { value: T; fetchedAt: number | null } | undefined {
  if (!answer) return stored;
  return stored && (stored.fetchedAt ?? 0) >= answer.fetchedAt ? stored : answer;
}

const inFlight = new Map<string, Promise<void>>();

/** An API failure as thrown by `api()` (duck-typed so this module does not import the API client). */
export interface FailureLike {
  status?: number;
  code?: string;
  message?: string;
}

export function isNetworkFailure(error: unknown): boolean {
  return (error as FailureLike | null)?.code === 'NETWORK';
}

/**
 * Runs `work` for `key` unless a run is already in flight (then joins it). Never throws: the outcome
 * goes to the status store. The stored data is left as it was when `work` fails.
 */
export function refresh(key: string, work: () => Promise<void>): Promise<void> {
  const running = inFlight.get(key);
  if (running) return running;
  syncStatuses.setState({ [key]: { phase: 'refreshing' } });
  const run = work()
    .then(() => syncStatuses.setState({ [key]: { phase: 'ok' } }))
    .catch((error: unknown) => {
      const failure = error as FailureLike;
      let phase: SyncPhase = 'error';
      if (isNetworkFailure(error)) phase = 'offline';
      else if (failure?.status === 404) phase = 'not-found';
      else console.error(`[sync] ${key}`, error);
      syncStatuses.setState({ [key]: { phase, message: failure?.message } });
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/**
 * `refresh` for a set the member has just changed (a checkout, a payment): a run in flight started
 * before the change and may answer without it, so a new run follows it instead of joining it.
 */
export function refreshAfterWrite(key: string, work: () => Promise<void>): Promise<void> {
  const running = inFlight.get(key);
  return running ? running.then(() => refresh(key, work)) : refresh(key, work);
}

/** The device is offline, so `key` cannot refresh now: say so (unless a refresh is under way). */
export function markOffline(key: string): void {
  if (syncStatusOf(key).phase !== 'refreshing') syncStatuses.setState({ [key]: { phase: 'offline' } });
}

/**
 * What a listing can show: 'loading' (nothing stored yet and a refresh is, or will be, under way),
 * 'ready' (stored data, possibly stale: the status says whether it is being refreshed or why it
 * could not be), 'unavailable' (nothing stored and the refresh failed: offline, error, not found).
 */
export type ListingView = 'loading' | 'ready' | 'unavailable';

export function listingView(input: {
  /** The store answered with something to show (a non-empty list, an event). */
  hasData: boolean;
  /** The store has answered at all (live queries start undefined). */
  answered: boolean;
  /** The set was fetched from the API at least once on this device. */
  fetched: boolean;
  status: SyncStatus;
}): ListingView {
  if (!input.answered) return 'loading';
  if (input.hasData || input.fetched) return 'ready';
  const { phase } = input.status;
  return phase === 'offline' || phase === 'error' || phase === 'not-found' ? 'unavailable' : 'loading';
}

/** A stored set as the hooks hand it to screens. */
export interface Listing<T> {
  /** Undefined until the store has answered. */
  data: T | undefined;
  /** The set was fetched from the API at least once on this device. */
  fetched: boolean;
  status: SyncStatus;
  view: ListingView;
  retry(): void;
}
