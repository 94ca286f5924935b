/**
 * GET /v1/admin/checkin/events: the events this door may check people in to. Not kept on the
 * device: offline, the door offers the events whose roster it keeps (the device is the source of
 * truth there).
 */
import { queryOptions } from '@tanstack/react-query';
import { httpDoorApi } from '../../../data/checkin/sync.ts';

export const doorEventsQuery = queryOptions({
  queryKey: ['door', 'events'] as const,
  queryFn: () => httpDoorApi.events(),
});
