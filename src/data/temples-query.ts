/**
 * GET /v1/temples: the congregations, sorted by name, for every screen that lists them (signup,
 * welcome, profile, staff filters); kept on the device for offline use (persist.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../lib/api.ts';
import { orKept } from './kept.ts';

export const templesQuery = queryOptions({
  queryKey: ['temples'] as const,
  queryFn: () =>
    orKept(async () =>
      [...(await unwrap(apiClient().v1.temples.$get()))].sort((a, b) =>
        a.name.localeCompare(b.name, 'pt-BR'),
      ),
    ),
  staleTime: 30 * 60_000,
  gcTime: Number.POSITIVE_INFINITY,
});
