import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { listTemples } from './temples.service.ts';

/** GET /v1/temples (no token): our congregations by name. */
export const templesRoutes = new Hono<AppEnv>().get('/v1/temples', async (c) =>
  c.json(await listTemples(c.get('ports').db)),
);
