/** GET /v1/temples: the congregations to filter by. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const templesQuery = queryOptions({
  queryKey: ['temples'] as const,
  queryFn: async () =>
    [...(await unwrap(apiClient().v1.temples.$get()))].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  staleTime: 30 * 60_000,
});
