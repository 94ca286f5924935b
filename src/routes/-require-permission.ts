import { redirect } from '@tanstack/react-router';
import { meQuery } from '../data/me-query.ts';
import { queryClient } from '../data/query-client.ts';
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
  // this user's `me` from the cache (or the device), else asked now; a stale one is refreshed behind
  const me = await queryClient
    .ensureQueryData({ ...meQuery(session.user.id), revalidateIfStale: true })
    .catch(() => null);
  if (!anyOf.some((p) => me?.permissions.includes(p))) throw redirect({ to: '/' });
}
