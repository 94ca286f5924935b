/** GET /v1/events/upcoming: the home's events (kept on the device: persist.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { EventDetail } from '../../domain/types.ts';
import { getPublic } from '../../lib/api-fetch.ts';
import { orKept } from '../kept.ts';

export const upcomingEventsQuery = () =>
  queryOptions({
    queryKey: ['events', 'upcoming'] as const,
    // the page's first read, started by first-read.ts before the app's JS, is taken by this fetch (lib/api.ts)
    queryFn: (): Promise<EventDetail[]> => orKept(() => getPublic<EventDetail[]>('/v1/events/upcoming')),
    gcTime: Number.POSITIVE_INFINITY,
  });
