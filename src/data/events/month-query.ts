/** GET /v1/events?month=: one month of 'Todos os eventos' (kept on the device: persist.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { EventDetail } from '../../domain/types.ts';
import { getPublic } from '../../lib/api-fetch.ts';
import { orKept } from '../kept.ts';

export const monthEventsQuery = (month: string) =>
  queryOptions({
    queryKey: ['events', 'month', month] as const,
    queryFn: (): Promise<EventDetail[]> =>
      orKept(() => getPublic<EventDetail[]>(`/v1/events?month=${encodeURIComponent(month)}`)),
    gcTime: Number.POSITIVE_INFINITY,
  });
