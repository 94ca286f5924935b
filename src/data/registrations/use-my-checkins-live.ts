/**
 * The member's check-ins as the door records them (realtime inserts on `checkins`), written into
 * myCheckinsQuery's answer here and nowhere else; `onCheckedIn` runs when one is for `eventId`.
 * Subscribed while a screen waits for that check-in (userId and eventId given).
 */
import { useEffect, useRef } from 'react';
import { subscribeToMyCheckins } from '../../lib/realtime.ts';
import { queryClient } from '../query-client.ts';
import { myCheckinsQuery } from './my-checkins-query.ts';

export function useMyCheckinsLive(
  userId: string | null,
  eventId: string | null | undefined,
  onCheckedIn: () => void,
): void {
  const callback = useRef(onCheckedIn);
  callback.current = onCheckedIn;
  useEffect(() => {
    if (!userId || !eventId) return;
    let unsubscribe: (() => void) | null = null;
    let live = true;
    void subscribeToMyCheckins(userId, (row) => {
      queryClient.setQueryData(myCheckinsQuery(userId).queryKey, (list = []) =>
        list.some((c) => c.event_id === row.event_id)
          ? list
          : [...list, { event_id: row.event_id, at: row.scanned_at }],
      );
      if (row.event_id === eventId) callback.current();
    }).then((stop) => {
      if (live) unsubscribe = stop;
      else stop();
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [userId, eventId]);
}
