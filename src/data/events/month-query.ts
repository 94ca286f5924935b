/** GET /v1/events?month=: one month of 'Todos os eventos' (kept on the device: kept.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { EventDetail } from '../../domain/types.ts';
import { getPublic } from '../../lib/api-fetch.ts';
import { keptOffline } from '../kept.ts';

export const monthEventsQuery = (month: string) =>
  queryOptions({
    queryKey: ['events', 'month', month] as const,
    queryFn: (): Promise<EventDetail[]> =>
      getPublic<EventDetail[]>(`/v1/events?month=${encodeURIComponent(month)}`),
    persister: keptOffline,
  });
