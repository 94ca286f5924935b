import { Hono } from 'hono';
import * as v from 'valibot';
import { signupSchema, welcomeSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { clientAddress, signupLimit, throttle } from '../../lib/throttle.ts';
import { jsonLimit, parseOrThrow, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { createWelcomeProfile, getMe, hasProfile, signup } from './accounts.service.ts';

/**
 * POST /v1/welcome body: any JSON object at the door; welcomeSchema applies only when the user has
 * no profile yet (a user who already has one may post an empty body), so the service checks it.
 */
const welcomeRequest = v.looseObject({});

/** Accounts: public signup, first access (welcome) and the signed-in user's own data. */
export const accountsRoutes = new Hono<AppEnv>()
  // no token: GoTrue sends the confirmation e-mail
  .post('/signup', jsonLimit, valid('json', signupSchema), async (c) => {
    const { db, authAdmin } = c.get('ports');
    // per client, before auth: auth sees the API's own address, so its throttle would hold everyone
    const address = clientAddress(c);
    await throttle(c, 'SIGNUP_RATE_LIMITED', [
      { key: `signup:ip:${address}`, limit: signupLimit(c.get('ports').env) },
    ]);
    await signup(db, authAdmin, c.req.valid('json'), address === 'unknown' ? undefined : address);
    return c.json({ ok: true as const });
  })
  // first access: creates the profile when missing, then marks the user welcomed
  .post('/v1/welcome', requireUser, jsonLimit, valid('json', welcomeRequest), async (c) => {
    const { db, authAdmin } = c.get('ports');
    const user = c.get('user');
    if (!(await hasProfile(db, user.id))) {
      await createWelcomeProfile(db, user, parseOrThrow(welcomeSchema, c.req.valid('json')));
    }
    await authAdmin.updateUser(user.id, { userMetadata: { welcome: true, hasUser: true } });
    return c.json({ ok: true as const });
  })
  // profile, roles and permissions
  .get('/v1/me', requireUser, async (c) => c.json(await getMe(c.get('ports').db, c.get('user'))));
