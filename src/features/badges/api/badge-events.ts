/** GET /v1/admin/confirmations/events: events with registrations, to choose whose badges to print. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const badgeEventsQuery = () =>
  queryOptions({
    queryKey: ['badges', 'events'],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.confirmations.events.$get(undefined, { init: { signal } })),
    staleTime: 60_000,
  });
