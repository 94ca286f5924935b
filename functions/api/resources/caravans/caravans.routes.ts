import { Hono } from 'hono';
import * as v from 'valibot';
import { caravanBodySchema, caravanLimitsBodySchema } from '../../../../src/domain/caravans.ts';
import { checkoutParamsSchema } from '../../../../src/domain/registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { peekHits, THROTTLES, takeHit, tooMany } from '../../lib/throttle.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { clientAddress } from '../staff/audit.ts';
import {
  caravanCheckout,
  claimRegistration,
  readCaravanLimits,
  readClaimable,
  releaseRegistration,
  setCaravanLimits,
} from './caravans.service.ts';

const uuid = v.pipe(v.string(), v.uuid());
const notFoundId = () => notFound('REGISTRATION_NOT_FOUND');

/** Caravans: one checkout for several people, and a guest claiming their ticket. */
export const caravansRoutes = new Hono<AppEnv>()
  .post(
    '/v1/checkout/:eventId/:tierId/caravan',
    requireUser,
    valid('param', checkoutParamsSchema, () => new ApiHttpError(422, 'INVALID_TIER_OR_EVENT')),
    jsonLimit,
    valid('json', caravanBodySchema),
    async (c) => {
      // refused caravans are throttled per member: each refusal tells whether one of up to 20 CPFs
      // is registered on the event, so past the limit nothing is looked up (429 before the check)
      const { db, clock } = c.get('ports');
      const key = `caravan-refused:user:${c.get('user').id}`;
      const limit = THROTTLES.caravanRefusedPerUser;
      const wait = await peekHits(db, key, limit.max, limit.window, clock.now());
      if (wait !== null) throw tooMany(c, 'CARAVAN_REFUSED_LIMIT', wait);
      try {
        const answer = await caravanCheckout(
          c.get('ports'),
          c.get('user'),
          c.req.valid('param'),
          c.req.valid('json'),
        );
        return c.json(answer, 201);
      } catch (error) {
        if (error instanceof ApiHttpError && error.code === 'CARAVAN_CPF_REGISTERED') {
          await takeHit(db, key, limit.max, limit.window, clock.now());
        }
        throw error;
      }
    },
  )
  .get(
    '/v1/admin/events/:id/caravan-limits',
    requireUser,
    writeEvents,
    valid('param', v.object({ id: uuid }), () => notFound('EVENT_NOT_FOUND')),
    async (c) => c.json(await readCaravanLimits(c.get('ports').db, c.req.valid('param').id)),
  )
  .put(
    '/v1/admin/events/:id/caravan-limits',
    requireUser,
    writeEvents,
    valid('param', v.object({ id: uuid }), () => notFound('EVENT_NOT_FOUND')),
    jsonLimit,
    valid('json', caravanLimitsBodySchema),
    async (c) =>
      c.json(
        await setCaravanLimits(c.get('ports').db, c.req.valid('param').id, c.req.valid('json'), {
          actorId: c.get('user').id,
          clientIp: clientAddress(c),
        }),
      ),
  )
  .get(
    '/v1/registrations/:id/claim',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => c.json(await readClaimable(c.get('ports').db, c.get('user'), c.req.valid('param').id)),
  )
  .post(
    '/v1/registrations/:id/release',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => c.json(await releaseRegistration(c.get('ports').db, c.get('user'), c.req.valid('param').id)),
  )
  .post(
    '/v1/registrations/:id/claim',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => c.json(await claimRegistration(c.get('ports').db, c.get('user'), c.req.valid('param').id)),
  );
