/** GET /v1/admin/single-page-signup/lookup?email=: whether the e-mail has an account, and its congregation. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const lookupQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin-signup', 'lookup', email] as const,
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin['single-page-signup'].lookup.$get({ query: { email } }, { init: { signal } }),
      ),
    enabled: email !== '',
    retry: false,
  });
