/**
 * When the server says the session is over. A staff password reset, a deleted account or a sign-out
 * on another device deletes the auth session: the stored access token still looks valid, but the API
 * answers 401 to it and its refresh token is refused. Then this device signs out as if the person had
 * pressed 'Sair' (the sign-out cleanups wipe their data) and the session wiring takes them to the
 * sign-in with a notice ('session-ended'), instead of leaving the old screens up with a toast.
 *
 * A sign-out this tab asked for (menu, account deletion, 'Entrar com outra conta') is marked with
 * `signOutHere`, so only the others count as "ended".
 */
import { supabaseAuth } from './supabase.ts';

/** The login's `reason` that says the session ended by itself (auth/search.ts, its notice). */
export const SESSION_ENDED_REASON = 'session-ended';

let signingOut = false;

/**
 * Signs out of this device on purpose (no "session ended" notice). This device only: 'Sair' on a
 * member's own phone must not end the session of the door device they also signed in to. Offline,
 * supabase-js keeps the session when the server cannot be told (its `signOut` returns the fetch
 * error first), so the device forgets it the way supabase-js does after the server's answer.
 */
export async function signOutHere(): Promise<void> {
  signingOut = true;
  try {
    const auth = await supabaseAuth();
    const { error } = await auth.signOut({ scope: 'local' });
    if (error) await (auth as unknown as { _removeSession(): Promise<void> })._removeSession();
  } finally {
    // the session wiring handles SIGNED_OUT in a timer queued while signOut ran: after it
    setTimeout(() => {
      signingOut = false;
    }, 0);
  }
}

/** Asked on SIGNED_OUT: true when this tab did not ask for it (the session ended). */
export function signOutWasUnexpected(): boolean {
  return !signingOut;
}

/** An auth error that says nothing about the session: the auth server was not reached. */
function unreachable(error: { name?: string; status?: number }): boolean {
  return error.name === 'AuthRetryableFetchError' || !error.status;
}

let checking: Promise<void> | null = null;

/**
 * The API answered 401 to a request that carried the user's token. Ask the auth server whether the
 * session lives: a missing session (or user) signs out; a token refused for another reason (expired
 * on a sleeping device) gets one refresh, and a refused refresh signs out. No answer (offline)
 * changes nothing. Several 401s at once make one check.
 */
export function sessionRejected(): Promise<void> {
  checking ??= check().finally(() => {
    checking = null;
  });
  return checking;
}

async function check(): Promise<void> {
  const auth = await supabaseAuth();
  const { data } = await auth.getSession();
  if (!data.session) return; // already signed out (supabase-js said so)
  // `session_not_found` makes supabase-js drop the session itself (SIGNED_OUT)
  const user = await auth.getUser();
  if (user.error) {
    if (unreachable(user.error)) return;
  } else {
    const refreshed = await auth.refreshSession();
    if (!refreshed.error || unreachable(refreshed.error)) return;
  }
  if ((await auth.getSession()).data.session) await auth.signOut({ scope: 'local' });
}
