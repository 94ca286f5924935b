/**
 * Realtime subscriptions through supabase-js (loaded on demand with getSupabase()): on Supabase the
 * project's Realtime with the RLS policy of `checkins`; locally the host's /realtime/v1/websocket.
 */
import { getSupabase } from './supabase.ts';

export interface CheckinInsert {
  id: string;
  event_id: string;
  user_id: string;
  registration_id: string;
  device: string | null;
  scanned_at: string;
}

/**
 * Calls `onInsert` for each new check-in of this user (the server delivers only the user's own).
 * Resolves to the unsubscribe function once the subscription is asked for.
 */
let subscriptions = 0;

export async function subscribeToMyCheckins(
  userId: string,
  onInsert: (row: CheckinInsert) => void,
): Promise<() => void> {
  const supabase = await getSupabase();
  const channel = supabase
    .channel(`checkins:${userId}:${++subscriptions}`) // one channel per subscriber: removing one keeps the others
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'checkins', filter: `user_id=eq.${userId}` },
      (payload) => onInsert(payload.new as CheckinInsert),
    )
    .subscribe();
  return () => {
    void supabase.removeChannel(channel);
  };
}

/**
 * Calls `onCheckin` for each new check-in of the event and `onConflict` for each conflict between
 * its doors that this user may see (staff: all; a caravan's leader: their caravan's check-ins), and
 * `onSubscribed` each time the subscription is (again) in place. Resolves to the unsubscribe function.
 */
export async function subscribeToEventCheckins(
  eventId: string,
  on: {
    onCheckin(row: CheckinInsert & { session_id: string | null }): void;
    onConflict(): void;
    onSubscribed(): void;
  },
): Promise<() => void> {
  const supabase = await getSupabase();
  const filter = `event_id=eq.${eventId}`;
  const channel = supabase
    .channel(`event-checkins:${eventId}:${++subscriptions}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'checkins', filter }, (payload) =>
      on.onCheckin(payload.new as CheckinInsert & { session_id: string | null }),
    )
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'checkin_conflicts', filter }, () =>
      on.onConflict(),
    )
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') on.onSubscribed();
    });
  return () => {
    void supabase.removeChannel(channel);
  };
}
