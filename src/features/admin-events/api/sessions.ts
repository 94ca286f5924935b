/** An event's check-in sessions (write_events): GET and PUT /v1/admin/events/:id/sessions. */
import { queryOptions } from '@tanstack/react-query';
import type { CheckinSession, SessionsBody } from '../../../domain/checkin.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const eventSessionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['admin-event-sessions', eventId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.events[':id'].sessions.$get({ param: { id: eventId } }, { init: { signal } }),
      ) as Promise<CheckinSession[]>,
  });

export function saveEventSessions(eventId: string, body: SessionsBody): Promise<CheckinSession[]> {
  return unwrap(
    apiClient().v1.admin.events[':id'].sessions.$put({ param: { id: eventId }, json: body }),
  ) as Promise<CheckinSession[]>;
}
