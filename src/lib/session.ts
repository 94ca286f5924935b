import type { Session } from '@supabase/supabase-js';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Me, Permission } from '../domain/types.ts';

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
