import { queryOptions } from '@tanstack/react-query';
import { myDataKey } from '../../../data/registrations/my-registrations-query.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/me/consents: the member's consents, newest first (under the member's key: wiped on sign-out). */
export const consentsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'consents'] as const,
    queryFn: () => unwrap(apiClient().v1.me.consents.$get()),
  });
