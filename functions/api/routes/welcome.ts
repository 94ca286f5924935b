import { Hono } from 'hono';
import { welcomeSchema } from '../../../src/domain/validation.ts';
import type { AppEnv } from '../lib/context.ts';
import { invalidData } from '../lib/errors.ts';
import { isJsonObject, parseOrThrow, readJson } from '../lib/validate.ts';
import { createWelcomeProfile, hasProfile } from '../services/accounts.ts';
import type { RouteDeps } from './deps.ts';

/** POST /v1/welcome: first access. Creates the profile when missing, then marks the user welcomed. */
export function welcomeRoutes({ requireUser }: RouteDeps) {
  return new Hono<AppEnv>().post('/v1/welcome', requireUser, async (c) => {
    const { db, authAdmin } = c.get('ports');
    const user = c.get('user');
    const raw = await readJson(c);
    if (!isJsonObject(raw)) throw invalidData();
    if (!(await hasProfile(db, user.id))) {
      const body = parseOrThrow(welcomeSchema, raw);
      await createWelcomeProfile(db, user, body);
    }
    await authAdmin.updateUser(user.id, { userMetadata: { welcome: true, hasUser: true } });
    return c.json({ ok: true as const });
  });
}
