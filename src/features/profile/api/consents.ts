import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/me/consents: the member's consents, newest first. */
export const consentsQuery = () =>
  queryOptions({
    queryKey: ['me', 'consents'] as const,
    queryFn: () => unwrap(apiClient().v1.me.consents.$get()),
  });
