import { Hono } from 'hono';
import { signupSchema } from '../../../src/domain/validation.ts';
import type { AppEnv } from '../lib/context.ts';
import { readBody } from '../lib/validate.ts';
import { signup } from '../services/accounts.ts';

/** POST /signup (no token): public account creation; GoTrue sends the confirmation e-mail. */
export function signupRoutes() {
  return new Hono<AppEnv>().post('/signup', async (c) => {
    const body = await readBody(c, signupSchema);
    const { db, authAdmin } = c.get('ports');
    await signup(db, authAdmin, body);
    return c.json({ ok: true as const });
  });
}
