/** GET /v1/admin/reports?event=: counts, status pie, paid per regional, congregation table. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportSummaryQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['reports', 'summary', eventId],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.reports.$get({ query: { event: eventId } }, { init: { signal } })),
  });
