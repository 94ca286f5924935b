/**
 * What a screen shows of a query: its answer, whether it was ever fetched (here or restored from the
 * device), a status for the quiet banner (refreshing / ok / offline / error / not-found) while what
 * it has stays on screen, and the view: 'loading' (nothing yet, a fetch under way), 'ready' (an
 * answer, maybe stale: the status says why), 'unavailable' (nothing, and the fetch failed).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { type FailureLike, isNetworkFailure } from './query-client.ts';

export type SyncPhase = 'idle' | 'refreshing' | 'ok' | 'offline' | 'error' | 'not-found';

export interface SyncStatus {
  phase: SyncPhase;
  /** pt-BR message of the last failure. */
  message?: string;
}

export type ListingView = 'loading' | 'ready' | 'unavailable';

export interface Listing<T> {
  /** Undefined until there is an answer (or, for a single event, null: none to show). */
  data: T | undefined;
  /** Fetched from the API at least once on this device. */
  fetched: boolean;
  status: SyncStatus;
  view: ListingView;
  retry(): void;
}

/** The banner's status of a query. */
export function statusOf(query: Pick<UseQueryResult, 'fetchStatus' | 'error' | 'status'>): SyncStatus {
  if (query.fetchStatus === 'fetching') return { phase: 'refreshing' };
  if (query.fetchStatus === 'paused') return { phase: 'offline' };
  if (query.status === 'error') {
    const failure = query.error as FailureLike;
    if (isNetworkFailure(failure)) return { phase: 'offline', message: failure.message };
    if (failure?.status === 404) return { phase: 'not-found', message: failure.message };
    return { phase: 'error', message: failure?.message };
  }
  return query.status === 'success' ? { phase: 'ok' } : { phase: 'idle' };
}

/** A query as a screen shows it. */
export function listingOf<T>(query: UseQueryResult<T>): Listing<T> {
  const status = statusOf(query);
  const failed = status.phase === 'offline' || status.phase === 'error' || status.phase === 'not-found';
  let view: ListingView = 'loading';
  if (query.data !== undefined) view = 'ready';
  else if (failed) view = 'unavailable';
  return {
    data: query.data,
    fetched: query.dataUpdatedAt > 0,
    status,
    view,
    retry: () => void query.refetch(),
  };
}
