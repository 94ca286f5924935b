/**
 * Who came, live: the event's attendance and its conflicts between doors (staff). Realtime keeps
 * them current through data/attendance/live.ts, the one place that writes into these queries.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Attendance } from '../../../domain/attendance.ts';
import type { CheckinConflict } from '../../../domain/checkin.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** Realtime brings the changes; this only catches what a dropped connection missed. */
const SAFETY_REFETCH_MS = 60_000;

export const eventAttendanceQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['attendance', 'event', eventId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.events[':id'].attendance.$get({ param: { id: eventId } }, { init: { signal } }),
      ) as Promise<Attendance>,
    refetchInterval: SAFETY_REFETCH_MS,
  });

export const attendanceConflictsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['attendance', 'conflicts', eventId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.events[':id'].attendance.conflicts.$get(
          { param: { id: eventId } },
          { init: { signal } },
        ),
      ) as Promise<CheckinConflict[]>,
    refetchInterval: SAFETY_REFETCH_MS,
  });
