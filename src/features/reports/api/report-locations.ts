/** GET /v1/admin/reports/my-locations?event=: the regionals and congregations of the event's registrations. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportLocationsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['reports', 'locations', eventId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.reports['my-locations'].$get(
          { query: { event: eventId } },
          { init: { signal } },
        ),
      ),
  });
