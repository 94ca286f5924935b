import { redirect } from '@tanstack/react-router';
import { getCurrentSession } from '../lib/session.ts';

/**
 * beforeLoad guard of a signed-in route: a guest goes to the login (with `reason`, which the login
 * explains, e.g. 'checkout') and comes back to `href` after it.
 */
export async function requireSignIn(href: string, reason?: string): Promise<void> {
  if (await getCurrentSession()) return;
  throw redirect({ to: '/auth/login', search: reason ? { reason, redirectTo: href } : { redirectTo: href } });
}
