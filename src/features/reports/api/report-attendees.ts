/**
 * GET /v1/admin/reports/atendees-per-location/{locationId}?event=: the people of one regional
 * (its name) or congregation (its id), by name.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportAttendeesQuery = (eventId: string, locationId: string) =>
  queryOptions({
    queryKey: ['reports', 'attendees', eventId, locationId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.reports['atendees-per-location'][':locationId'].$get(
          { param: { locationId }, query: { event: eventId } },
          { init: { signal } },
        ),
      ),
  });
