/**
 * The app's one TanStack Query client, provided at the root (main.tsx): every screen reads server
 * data through a `queryOptions` file (a feature's api/ folder, or data/events and data/registrations
 * for what several features show) and shares this cache; writes invalidate what they change. The
 * answers that must open offline (public events, the member's own registrations) are kept in the
 * browser store by persist.ts. React-free (query-core), so it can be imported anywhere below the screens.
 */
import { QueryClient } from '@tanstack/query-core';

/** An API failure as thrown by `api()` (duck-typed so this module does not import the API client). */
export interface FailureLike {
  status?: number;
  code?: string;
  message?: string;
}

/** The request never reached the API (no signal, server down). */
export function isNetworkFailure(error: unknown): boolean {
  return (error as FailureLike | null)?.code === 'NETWORK';
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: a query runs once even without signal (the service worker may answer); a
    // network failure is not retried (the screen says it is offline at once and keeps what it has:
    // the query is fetched again when the device comes back online), any other failure once.
    queries: {
      networkMode: 'offlineFirst',
      retry: (failures, error) => failures < 1 && !isNetworkFailure(error),
      staleTime: 15_000,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'offlineFirst', retry: 0 },
  },
});
