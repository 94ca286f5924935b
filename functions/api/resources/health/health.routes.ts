import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** GET /health: liveness, no database. */
export const healthRoutes = new Hono<AppEnv>().get('/health', (c) => c.json({ ok: true as const }));
