import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { meQuery } from '../../data/me-query.ts';
import { queryClient } from '../../data/query-client.ts';
import { runSignOutCleanups, useSessionStore } from '../../lib/session.ts';
import { SESSION_ENDED_REASON, signOutWasUnexpected } from '../../lib/session-end.ts';
import { authStorageKey, hasStoredSession } from '../../lib/stored-session.ts';
import { initialAuthParams, supabaseAuth } from '../../lib/supabase.ts';

type Navigate = (href: string) => void;

let navigateTo: Navigate | null = null;
let pendingHref: string | null = null;
let started = false;

/** The layouts hand the router's navigate in; an event that arrives before that waits for it. */
export function setSessionNavigator(navigate: Navigate | null): void {
  navigateTo = navigate;
  if (navigate && pendingHref) {
    const href = pendingHref;
    pendingHref = null;
    navigate(href);
  }
}

function go(href: string): void {
  if (navigateTo) navigateTo(href);
  else pendingHref = href;
}

function handle(event: AuthChangeEvent, session: Session | null): void {
  const store = useSessionStore.getState();
  if (event === 'SIGNED_OUT') {
    store.setSession(null);
    void runSignOutCleanups();
    // ended by the server or elsewhere (not this tab's 'Sair'): to the sign-in, saying why
    if (signOutWasUnexpected()) go(sessionEndedHref());
    return;
  }
  if (!session) {
    // INITIAL_SESSION without a session. Offline, supabase-js reports null when it cannot refresh
    // an expired token: keep the member's data on the device (`me` included) for the offline app.
    if (typeof navigator !== 'undefined' && !navigator.onLine) useSessionStore.setState({ session: null });
    else store.setSession(null);
    return;
  }
  store.setSession(session);
  // signed in, token refreshed, user updated: `me` (permissions, profile) asked again
  void queryClient.invalidateQueries({ queryKey: meQuery(session.user.id).queryKey });
  if (event === 'PASSWORD_RECOVERY' && window.location.pathname !== '/auth/reset-password') {
    go('/auth/reset-password');
  }
}

/** The sign-in with the 'session ended' notice, coming back here after it (not to an auth screen). */
function sessionEndedHref(): string {
  const here = window.location.pathname + window.location.search;
  const back = window.location.pathname.startsWith('/auth') ? '' : `&redirectTo=${encodeURIComponent(here)}`;
  return `/auth/login?reason=${SESSION_ENDED_REASON}${back}`;
}

/** Whether the page was opened with something supabase-js must read at once (a callback's tokens). */
function openedWithAuthParams(): boolean {
  return initialAuthParams.size > 0 || /[#&?](access_token|code|error)=/.test(window.location.href);
}

let subscribed = false;

/** Subscribes the session store to supabase-js's auth events (loads supabase-js). Idempotent. */
export function subscribeToAuth(): void {
  if (subscribed || typeof window === 'undefined') return;
  subscribed = true;
  void supabaseAuth().then((auth) =>
    auth.onAuthStateChange((event, session) => {
      // Never call supabase-js again inside this callback (it holds the auth lock): defer the work.
      setTimeout(() => handle(event, session), 0);
    }),
  );
}

let firstScreenRendered = false;
let waitingForFirstScreen = false;

/** The router rendered its first screen (main.tsx): a stored session's sync starts now. */
export function onFirstScreenRendered(): void {
  firstScreenRendered = true;
  if (waitingForFirstScreen) subscribeToAuth();
}

/**
 * Keeps the session store in step with supabase-js (product-spec.md §4 "Auth"): signed-in, token-refreshed and
 * user-updated update the session and refetch `me` (data/me-query.ts); PASSWORD_RECOVERY opens /auth/reset-password;
 * SIGNED_OUT runs the registered sign-out cleanups. Idempotent.
 *
 * A member with a stored session gets it once the first screen is rendered (`onFirstScreenRendered`).
 * A guest never waits for supabase-js (≈ 54 KiB gzip): with no stored session and no auth parameters
 * in the address the store says "signed out" at once, and supabase-js is loaded only when the guest
 * opens an auth screen (the auth layout subscribes) or another tab signs in (a storage event on
 * supabase-js's session key).
 */
export function startSessionSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (openedWithAuthParams()) {
    subscribeToAuth();
    return;
  }
  if (hasStoredSession()) {
    // supabase-js's start (≈ 0.1 s of a slow phone's CPU) waits for the first screen: a ticket opened
    // offline needs none of it; what the device kept shows meanwhile (docs/performance.md)
    if (firstScreenRendered) subscribeToAuth();
    else waitingForFirstScreen = true;
    return;
  }
  if (useSessionStore.getState().session === undefined) useSessionStore.getState().setSession(null);
  const onStorage = (e: StorageEvent) => {
    if (e.key === authStorageKey() && e.newValue) {
      window.removeEventListener('storage', onStorage);
      subscribeToAuth();
    }
  };
  window.addEventListener('storage', onStorage);
}
