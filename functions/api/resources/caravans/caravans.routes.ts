import { Hono } from 'hono';
import * as v from 'valibot';
import { caravanBodySchema } from '../../../../src/domain/caravans.ts';
import { checkoutParamsSchema } from '../../../../src/domain/registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { caravanCheckout, claimRegistration, readClaimable } from './caravans.service.ts';

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
    async (c) =>
      c.json(
        await caravanCheckout(c.get('ports'), c.get('user'), c.req.valid('param'), c.req.valid('json')),
        201,
      ),
  )
  .get(
    '/v1/registrations/:id/claim',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => c.json(await readClaimable(c.get('ports').db, c.get('user'), c.req.valid('param').id)),
  )
  .post(
    '/v1/registrations/:id/claim',
    requireUser,
    valid('param', v.object({ id: uuid }), notFoundId),
    async (c) => c.json(await claimRegistration(c.get('ports').db, c.get('user'), c.req.valid('param').id)),
  );
