/** GET /v1/admin/badges?event=: the event's paid registrations for the badge sheets (read_confirmations). */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const eventBadgesQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['badges', eventId],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.badges.$get({ query: { event: eventId } }, { init: { signal } })),
  });
