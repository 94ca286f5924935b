/** GET /v1/admin/reports/events: the events the report can show (permission reports). */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportEventsQuery = () =>
  queryOptions({
    queryKey: ['reports', 'events'],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.reports.events.$get(undefined, { init: { signal } })),
    staleTime: 60_000,
  });
