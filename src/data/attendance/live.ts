/**
 * The one place realtime writes into the attendance queries (staff: features/attendance/api, a leader: features/checkout/api): check-ins are added to the answer as
 * they arrive (a batch of a door's sync at once, every FLUSH_MS), a check-in the answer does not
 * know (a walk-in) or a conflict reads the answer again, and so does each (re)subscription, to catch
 * what came while the connection was down.
 */
import type { QueryKey } from '@tanstack/query-core';
import { type Attendance, type CheckinRow, withCheckin } from '../../domain/attendance.ts';
import { subscribeToEventCheckins } from '../../lib/realtime.ts';
import { queryClient } from '../query-client.ts';

const FLUSH_MS = 250;

/** Keeps `attendance` (and `conflicts`, when given) current from the event's realtime; returns the stop function. */
export function watchAttendance(
  eventId: string,
  keys: { attendance: QueryKey; conflicts?: QueryKey },
): () => void {
  let rows: CheckinRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const batch = rows;
    rows = [];
    let stale = false;
    queryClient.setQueryData<Attendance>(keys.attendance, (data) => {
      if (!data) return data;
      let next = data;
      for (const row of batch) {
        const updated = withCheckin(next, row);
        if (updated) next = updated;
        else stale = true;
      }
      return next;
    });
    if (stale) void queryClient.invalidateQueries({ queryKey: keys.attendance });
  };
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  // an answer read before the subscription was in place may miss a check-in: read it again then
  const asked = Date.now();
  let first = true;
  void subscribeToEventCheckins(eventId, {
    onCheckin(row) {
      rows.push({
        registration_id: row.registration_id,
        session_id: row.session_id,
        scanned_at: row.scanned_at,
        device: row.device,
      });
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    onConflict() {
      if (keys.conflicts) void queryClient.invalidateQueries({ queryKey: keys.conflicts });
    },
    onSubscribed() {
      // the first time, an answer read (or being read) since the screen opened is current enough:
      // reading 5,000 arrivals twice would double the wait (the minute's refetch covers the gap)
      const readAt = queryClient.getQueryState(keys.attendance)?.dataUpdatedAt ?? 0;
      const again = !first || (readAt > 0 && readAt < asked);
      first = false;
      if (!again) return;
      void queryClient.invalidateQueries({ queryKey: keys.attendance });
      if (keys.conflicts) void queryClient.invalidateQueries({ queryKey: keys.conflicts });
    },
  }).then((stop) => {
    if (stopped) stop();
    else unsubscribe = stop;
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe?.();
  };
}
