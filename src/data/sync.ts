/**
 * Stale-while-revalidate plumbing shared by the repositories: one in-flight refresh per key, and a
 * small status store (refreshing / offline / failed) that screens show as a quiet banner while the
 * stored data stays on screen.
 */

import type { ClientResponse } from 'hono/client';
import { create } from 'zustand';
import type { ApiBody, ApiClient } from '../lib/api.ts';

export type SyncPhase = 'idle' | 'refreshing' | 'ok' | 'offline' | 'error' | 'not-found';

export interface SyncStatus {
  phase: SyncPhase;
  /** pt-BR message of the last failure. */
  message?: string;
}

const useSyncStore = create<Record<string, SyncStatus>>(() => ({}));

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
 * goes to the status store (`useSyncStatus(key)`).
 */
export function refresh(key: string, work: () => Promise<void>): Promise<void> {
  const running = inFlight.get(key);
  if (running) return running;
  useSyncStore.setState({ [key]: { phase: 'refreshing' } });
  const run = work()
    .then(() => useSyncStore.setState({ [key]: { phase: 'ok' } }))
    .catch((error: unknown) => {
      const failure = error as FailureLike;
      let phase: SyncPhase = 'error';
      if (isNetworkFailure(error)) phase = 'offline';
      else if (failure?.status === 404) phase = 'not-found';
      else console.error(`[sync] ${key}`, error);
      useSyncStore.setState({ [key]: { phase, message: failure?.message } });
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/** The device is offline, so `key` cannot refresh now: say so (unless a refresh is under way). */
export function markOffline(key: string): void {
  const current = useSyncStore.getState()[key];
  if (current?.phase !== 'refreshing') useSyncStore.setState({ [key]: { phase: 'offline' } });
}

export function useSyncStatus(key: string): SyncStatus {
  return useSyncStore((s) => s[key] ?? IDLE);
}

const IDLE: SyncStatus = { phase: 'idle' };

/**
 * One typed API call, with the client loaded on demand so first paint from the store does not wait
 * for it: `fetchApi((api) => api.v1.events.upcoming.$get())` answers the route's own body type.
 */
export async function fetchApi<R extends ClientResponse<unknown>>(
  call: (api: ApiClient) => Promise<R>,
): Promise<ApiBody<R>> {
  const { apiClient, unwrap } = await import('../lib/api.ts');
  return unwrap(call(apiClient()));
}
