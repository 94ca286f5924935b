import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { loadMe, runSignOutCleanups, useMeStatus, useSessionStore } from '../../lib/session.ts';
import { supabaseAuth } from '../../lib/supabase.ts';

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
    useMeStatus.setState({ status: 'idle', error: null });
    void runSignOutCleanups();
    return;
  }
  if (!session) {
    // INITIAL_SESSION without a session. Offline, supabase-js reports null when it cannot refresh
    // an expired token: keep the persisted `me` (and the member's local data) for the offline app.
    if (typeof navigator !== 'undefined' && !navigator.onLine) useSessionStore.setState({ session: null });
    else store.setSession(null);
    return;
  }
  store.setSession(session);
  void loadMe();
  if (event === 'PASSWORD_RECOVERY' && window.location.pathname !== '/auth/reset-password') {
    go('/auth/reset-password');
  }
}

/**
 * Keeps the session store in step with supabase-js (spec §4 "Auth"): signed-in, token-refreshed and
 * user-updated update the session and reload `me`; PASSWORD_RECOVERY opens /auth/reset-password;
 * SIGNED_OUT clears `me` and runs the registered sign-out cleanups. Idempotent.
 */
export function startSessionSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void supabaseAuth().then((auth) =>
    auth.onAuthStateChange((event, session) => {
      // Never call supabase-js again inside this callback (it holds the auth lock): defer the work.
      setTimeout(() => handle(event, session), 0);
    }),
  );
}
