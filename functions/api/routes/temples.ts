import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { listTemples } from '../services/accounts.ts';

/** GET /v1/temples (no token): our congregations by name. */
export function templesRoutes() {
  return new Hono<AppEnv>().get('/v1/temples', async (c) => c.json(await listTemples(c.get('ports').db)));
}
