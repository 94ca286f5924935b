/** GET /v1/admin/single-page-signup/events: events taking registrations, each with its tiers. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const signupEventsQuery = queryOptions({
  queryKey: ['admin-signup', 'events'] as const,
  queryFn: () => unwrap(apiClient().v1.admin['single-page-signup'].events.$get()),
});
