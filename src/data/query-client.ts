/**
 * The app's one TanStack Query client: every screen that reads server data through a `queryOptions`
 * file in its feature's api/ folder shares this cache, and writes invalidate what they change.
 * React-free (query-core), so it can be imported anywhere below the screens.
 */
import { QueryClient } from '@tanstack/query-core';

export const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: a query runs once even without signal (the service worker or the device may
    // answer), then pauses instead of failing; staff data is live, so a failed read retries once.
    queries: { networkMode: 'offlineFirst', retry: 1, staleTime: 15_000, refetchOnWindowFocus: false },
    mutations: { networkMode: 'offlineFirst', retry: 0 },
  },
});
