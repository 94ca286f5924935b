import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/temples: the congregations to choose from. */
export const templesQuery = () =>
  queryOptions({
    queryKey: ['temples'] as const,
    queryFn: () => unwrap(apiClient().v1.temples.$get()),
    staleTime: 60 * 60_000,
  });
