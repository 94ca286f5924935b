import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/privacy: the person in charge of the data and the receipts' retention. */
export const privacyInfoQuery = () =>
  queryOptions({
    queryKey: ['privacy-info'] as const,
    queryFn: () => unwrap(apiClient().v1.privacy.$get()),
    staleTime: 60 * 60_000,
  });
