/** GET /v1/admin/reports/answers?event=: the event's questions (the CSV's columns) and their counts. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportAnswersQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['reports', 'answers', eventId],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.reports.answers.$get({ query: { event: eventId } }, { init: { signal } })),
  });
