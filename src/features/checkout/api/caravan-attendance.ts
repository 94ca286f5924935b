/** GET /v1/caravans/:id/attendance: who of the leader's caravan arrived (kept live by data/attendance/live.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { Attendance } from '../../../domain/attendance.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const caravanAttendanceQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['attendance', 'caravan', groupId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.caravans[':id'].attendance.$get({ param: { id: groupId } }, { init: { signal } }),
      ) as Promise<Attendance>,
    // realtime brings the changes; this catches what a dropped connection missed
    refetchInterval: 60_000,
  });
