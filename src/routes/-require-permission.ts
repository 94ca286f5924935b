import { redirect } from '@tanstack/react-router';
import type { Permission } from '../domain/types.ts';
import { getCurrentSession, useSessionStore } from '../lib/session.ts';

/**
 * beforeLoad guard of an admin route: a guest goes to the login (and back here after it), a user
 * without the permission (any of them, when several) goes home. The API checks the permission again on every call.
 */
export async function requirePermission(
  permission: Permission | readonly Permission[],
  href: string,
): Promise<void> {
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  const session = await getCurrentSession();
  if (!session) throw redirect({ to: '/auth/login', search: { redirectTo: href } });
  // just signed in: the session wiring may not have stored it yet
  if (!useSessionStore.getState().session) useSessionStore.getState().setSession(session);
  let me = useSessionStore.getState().me;
  // `me` may not be loaded yet (or still be another user's): ask the API for this user's own
  if (me?.id !== session.user.id) {
    const { apiClient, unwrap } = await import('../lib/api.ts');
    me = await unwrap(apiClient().v1.me.$get()).catch(() => null);
  }
  if (!anyOf.some((p) => me?.permissions.includes(p))) throw redirect({ to: '/' });
}
