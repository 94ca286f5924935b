import { redirect } from '@tanstack/react-router';
import type { Permission } from '../domain/types.ts';
import { getCurrentSession, loadMe, useSessionStore } from '../lib/session.ts';

/**
 * beforeLoad guard of an admin route: a guest goes to the login (and back here after it), a user
 * without the permission goes home. The API checks the permission again on every call.
 */
export async function requirePermission(permission: Permission, href: string): Promise<void> {
  const session = await getCurrentSession();
  if (!session) throw redirect({ to: '/auth/login', search: { redirectTo: href } });
  // just signed in: the session wiring may not have stored it yet, and `me` loads from it
  if (!useSessionStore.getState().session) useSessionStore.getState().setSession(session);
  const me = useSessionStore.getState().me ?? (await loadMe());
  if (!me?.permissions.includes(permission)) throw redirect({ to: '/' });
}
