/** The member's registrations for screens (query cache; kept on the device by persist.ts). */

import type { Session } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import type { MyRegistration } from '../../domain/types.ts';
import { useSessionStore } from '../../lib/session.ts';
import { readStoredSession } from '../../lib/stored-session.ts';
import { type SyncStatus, statusOf } from '../listing.ts';
import { myRegistrationsQuery } from './my-registrations-query.ts';

/**
 * Whose registrations to show: the session's user; else the stored session's, so what the device
 * kept (the ticket) shows without waiting for supabase-js to restore the session (its chunk
 * loading), and offline when it reports none because it cannot refresh an expired token (the
 * session sync keeps the member's data then). A sign-out removes the stored session first. Only the
 * session itself says whether to ask the API.
 */
export function dataUserId(
  session: Session | null | undefined,
  storage?: Pick<Storage, 'getItem'> | null,
): string | undefined {
  if (session) return session.user.id;
  const id = readStoredSession(storage)?.user?.id;
  return typeof id === 'string' ? id : undefined;
}

/** The empty set (one instance, so guests get a stable value). */
const NONE: MyRegistration[] = [];

/**
 * The member's registrations (all statuses; use `currentRegistration` from domain/registrations to
 * pick the one that counts for an event). Empty for guests; undefined until there is an answer
 * (empty when it could not be fetched and the device kept none).
 * `refresh: 'once'` (something app-wide, e.g. the check-in prompt) fetches only when the cache has
 * nothing yet; screens fetch again on every visit once the answer is stale.
 */
export function useMyRegistrations(options: { refresh?: 'always' | 'once' } = {}): {
  data: MyRegistration[] | undefined;
  status: SyncStatus;
} {
  const userId = useSessionStore((s) => dataUserId(s.session));
  const signedIn = useSessionStore((s) => Boolean(s.session));
  // what the device kept shows before supabase-js has restored the session; the API is asked after
  const query = useQuery({
    ...myRegistrationsQuery(userId ?? ''),
    enabled: signedIn,
    ...(options.refresh === 'once' ? { refetchOnMount: false } : {}),
  });
  // nothing to show and the fetch failed (offline, nothing kept): none, as the screens say
  const data = query.data ?? (query.isError ? NONE : undefined);
  return { data: userId ? data : NONE, status: statusOf(query) };
}
