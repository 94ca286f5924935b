import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { getMe } from '../services/accounts.ts';
import type { RouteDeps } from './deps.ts';

/** GET /v1/me: the signed-in user's profile, roles and permissions. */
export function meRoutes({ requireUser }: RouteDeps) {
  return new Hono<AppEnv>().get('/v1/me', requireUser, async (c) =>
    c.json(await getMe(c.get('ports').db, c.get('user'))),
  );
}
