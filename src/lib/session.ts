import type { Session } from '@supabase/supabase-js';
import { create } from 'zustand';
import { supabaseAuth } from './supabase.ts';

interface SessionState {
  /** The Supabase session; undefined until the first auth event arrives. */
  session: Session | null | undefined;
  setSession(session: Session | null): void;
}

/** The session only: `me` and every other server answer live in the query cache (data/me-query.ts). */
export const useSessionStore = create<SessionState>()((set) => ({
  session: undefined,
  setSession: (session) => set({ session }),
}));

// Earlier versions kept `me` (personal data) in localStorage under this key: nobody reads it now.
try {
  globalThis.localStorage?.removeItem('congrega-me');
} catch {
  // storage blocked: nothing was kept there either
}

/**
 * Work to do when the user signs out (e.g. wipe the member's Dexie data). Features push into this list
 * (or use `registerSignOutCleanup`); the session wiring runs every entry on SIGNED_OUT, errors ignored.
 */
export const onSignOutCleanups: Array<() => void | Promise<void>> = [];

/** Adds a sign-out cleanup; returns a function that removes it again. */
export function registerSignOutCleanup(cleanup: () => void | Promise<void>): () => void {
  onSignOutCleanups.push(cleanup);
  return () => {
    const i = onSignOutCleanups.indexOf(cleanup);
    if (i >= 0) onSignOutCleanups.splice(i, 1);
  };
}

/** Runs every registered sign-out cleanup; one failing does not stop the others. */
export async function runSignOutCleanups(): Promise<void> {
  await Promise.allSettled(onSignOutCleanups.map(async (cleanup) => cleanup()));
}

/** The session for route guards: the store's once known, else what supabase-js has restored. */
export async function getCurrentSession(): Promise<Session | null> {
  const known = useSessionStore.getState().session;
  if (known !== undefined) return known;
  const { data } = await (await supabaseAuth()).getSession();
  return data.session;
}

export function useIsSignedIn(): boolean {
  return useSessionStore((s) => Boolean(s.session));
}

export function useOnlineStatus(): boolean {
  return useOnlineStore((s) => s.online);
}

export const useOnlineStore = create<{ online: boolean }>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useOnlineStore.setState({ online: true }));
  window.addEventListener('offline', () => useOnlineStore.setState({ online: false }));
}
