import { redirect } from '@tanstack/react-router';
import type { Me, Permission } from '../domain/types.ts';
import { apiClient, unwrap } from './api.ts';
import { getCurrentSession, useSessionStore } from './session.ts';

/**
 * Route guard of the admin screens (`beforeLoad`): a guest goes to the login and comes back; a
 * signed-in user without the permission goes home. Only a convenience: the API checks again.
 */
export async function requirePermissionForRoute(permission: Permission, href: string): Promise<void> {
  const session = await getCurrentSession();
  if (!session) throw redirect({ to: '/auth/login', search: { redirectTo: href } });
  let me: Me | null = useSessionStore.getState().me;
  if (me?.id !== session.user.id) {
    me = await unwrap(apiClient().v1.me.$get()).catch(() => null);
  }
  if (!me?.permissions.includes(permission)) throw redirect({ to: '/' });
}
