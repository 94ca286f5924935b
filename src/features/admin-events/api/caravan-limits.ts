/** An event's caravan limits (write_events): GET and PUT /v1/admin/events/:id/caravan-limits. */
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CaravanLimits, CaravanLimitsBody } from '../../../domain/caravans.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const caravanLimitsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['admin-event-caravan-limits', eventId] as const,
    queryFn: ({ signal }): Promise<CaravanLimits> =>
      unwrap(
        apiClient().v1.admin.events[':id']['caravan-limits'].$get(
          { param: { id: eventId } },
          { init: { signal } },
        ),
      ),
  });

export const saveCaravanLimits = (client: QueryClient, eventId: string) =>
  mutationOptions({
    mutationFn: (json: CaravanLimitsBody): Promise<CaravanLimits> =>
      unwrap(apiClient().v1.admin.events[':id']['caravan-limits'].$put({ param: { id: eventId }, json })),
    onSuccess: (saved) => client.setQueryData(caravanLimitsQuery(eventId).queryKey, saved),
  });
