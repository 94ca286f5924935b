/** GET /v1/admin/reports/payments?event=: the payments received, for the treasurer's CSV. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const reportPaymentsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['reports', 'payments', eventId],
    queryFn: ({ signal }) =>
      unwrap(apiClient().v1.admin.reports.payments.$get({ query: { event: eventId } }, { init: { signal } })),
    staleTime: 0,
  });
