import type { Session } from '@supabase/supabase-js';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Me, Permission } from '../domain/types.ts';
import { ApiFailure, unwrap } from './api-fetch.ts';
import { supabaseAuth } from './supabase.ts';

interface SessionState {
  /** The Supabase session; undefined until the first auth event arrives. */
  session: Session | null | undefined;
  /** GET /v1/me for the signed-in user, kept in localStorage so the menu works offline. */
  me: Me | null;
  setSession(session: Session | null): void;
  setMe(me: Me | null): void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: undefined,
      me: null,
      setSession: (session) => set(session ? { session } : { session: null, me: null }),
      setMe: (me) => set({ me }),
    }),
    { name: 'congrega-me', partialize: (s) => ({ me: s.me }) },
  ),
);

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

/** Where loading `me` stands: 'error' only when nothing usable is kept (e.g. first load offline). */
export type MeStatus = 'idle' | 'loading' | 'ready' | 'error';
export const useMeStatus = create<{ status: MeStatus; error: ApiFailure | null }>(() => ({
  status: 'idle',
  error: null,
}));

let meRequest = 0;

/**
 * Fetches GET /v1/me into the store for the current session. Offline (or on any failure) the
 * persisted `me` is kept when it belongs to the same user. Resolves to the `me` in the store.
 */
export async function loadMe(): Promise<Me | null> {
  const { session, me, setMe } = useSessionStore.getState();
  if (!session) return null;
  if (me && me.id !== session.user.id) setMe(null);
  const request = ++meRequest;
  useMeStatus.setState({ status: 'loading', error: null });
  try {
    // the typed client loads here, for a signed-in user, not with a guest's first screen
    const { apiClient } = await import('./api.ts');
    const fresh = await unwrap(apiClient().v1.me.$get());
    if (request === meRequest && useSessionStore.getState().session?.user.id === fresh.id) {
      setMe(fresh);
      useMeStatus.setState({ status: 'ready', error: null });
    }
  } catch (error) {
    if (request === meRequest) {
      const kept = useSessionStore.getState().me;
      const failure = error instanceof ApiFailure ? error : new ApiFailure(0, 'NETWORK', String(error));
      useMeStatus.setState({ status: kept ? 'ready' : 'error', error: failure });
    }
  }
  return useSessionStore.getState().me;
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

export function useHasPermission(...permissions: Permission[]): boolean {
  return useSessionStore((s) => Boolean(s.session && s.me?.permissions.some((p) => permissions.includes(p))));
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
