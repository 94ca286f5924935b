import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { cancelMyRegistration, getMyRegistration, listMyRegistrations } from './registrations.service.ts';

const uuid = v.pipe(v.string(), v.uuid());
const notFoundId = () => notFound('REGISTRATION_NOT_FOUND');

/** The signed-in user's own registrations. */
export const registrationsRoutes = new Hono<AppEnv>()
  .get('/v1/registrations', requireUser, async (c) =>
    c.json(await listMyRegistrations(c.get('ports').db, c.get('user').id)),
  )
  .get(
    '/v1/registrations/:id',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => {
      const { db, storage } = c.get('ports');
      return c.json(await getMyRegistration(db, storage, c.get('user').id, c.req.valid('param').id));
    },
  )
  .post(
    '/v1/registrations/:eventId/cancel-registration',
    requireUser,
    valid('param', v.object({ eventId: uuid }), notFoundId),
    async (c) =>
      c.json(await cancelMyRegistration(c.get('ports').db, c.get('user').id, c.req.valid('param').eventId)),
  );
