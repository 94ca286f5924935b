import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { listMyRegistrations } from '../services/registrations.ts';
import type { RouteDeps } from './deps.ts';

/** The signed-in user's own registrations. */
export function registrationsRoutes({ requireUser }: RouteDeps) {
  return new Hono<AppEnv>().get('/v1/registrations', requireUser, async (c) =>
    c.json(await listMyRegistrations(c.get('ports').db, c.get('user').id)),
  );
}
