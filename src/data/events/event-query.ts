/**
 * GET /v1/events/:id: one event (overlay, event page, checkout), null when the API has none (404).
 * Kept on the device (persist.ts); until its own answer, an event a list already brought shows
 * from that list (also offline, when only the list was ever fetched here).
 */
import { queryOptions } from '@tanstack/react-query';
import type { EventDetail } from '../../domain/types.ts';
import { getPublic } from '../../lib/api-fetch.ts';
import { orKept } from '../kept.ts';
import { type FailureLike, queryClient } from '../query-client.ts';

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: ['events', 'id', id] as const,
    queryFn: (): Promise<EventDetail | null> =>
      orKept(() =>
        getPublic<EventDetail>(`/v1/events/${encodeURIComponent(id)}`).catch((error: FailureLike) => {
          if (error.status === 404) return null;
          throw error;
        }),
      ),
    initialData: () => fromLists(id)?.event,
    initialDataUpdatedAt: () => fromLists(id)?.updatedAt,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The event as the lists in the cache have it (the newest list), with when that list was fetched. */
function fromLists(id: string): { event: EventDetail; updatedAt: number } | undefined {
  let found: { event: EventDetail; updatedAt: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['events'] })) {
    const list = query.state.data;
    if (!Array.isArray(list)) continue;
    const event = (list as EventDetail[]).find((e) => e.id === id);
    if (event && (!found || query.state.dataUpdatedAt > found.updatedAt)) {
      found = { event, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return found;
}
