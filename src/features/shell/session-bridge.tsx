import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { displayNameOf, firstName, hasWelcome } from '../../lib/auth-user.ts';
import { useSessionStore } from '../../lib/session.ts';
import { setSessionNavigator } from './session-sync.ts';

/**
 * Rendered by both layouts: gives the session wiring the router's navigate, and sends any signed-in
 * user without `user_metadata.welcome` to /auth/welcome, keeping where they were going.
 */
export function SessionBridge() {
  const router = useRouter();
  const session = useSessionStore((s) => s.session);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });

  useEffect(() => {
    setSessionNavigator((to) => void router.navigate({ href: to }));
    return () => setSessionNavigator(null);
  }, [router]);

  useEffect(() => {
    if (!session || hasWelcome(session)) return;
    // the auth screens (login, oauth callback, welcome, reset-password...) route the user themselves
    if (pathname === '/auth' || pathname.startsWith('/auth/')) return;
    const name = firstName(displayNameOf(session));
    void router.navigate({
      to: '/auth/welcome',
      search: { redirectTo: href, ...(name ? { name } : {}) },
      replace: true,
    });
  }, [session, pathname, href, router]);

  return null;
}
