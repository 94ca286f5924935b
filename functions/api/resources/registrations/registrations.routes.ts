import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { listMyRegistrations } from './registrations.service.ts';

/** The signed-in user's own registrations. */
export const registrationsRoutes = new Hono<AppEnv>().get('/v1/registrations', requireUser, async (c) =>
  c.json(await listMyRegistrations(c.get('ports').db, c.get('user').id)),
);
