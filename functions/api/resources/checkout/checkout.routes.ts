import { Hono } from 'hono';
import { checkoutBodySchema, checkoutParamsSchema } from '../../../../src/domain/registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import { throttleVoucherGuess } from '../../lib/throttle.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { checkout } from './checkout.service.ts';

/** POST /v1/checkout/{eventId}/{tierId} (product-spec.md §7): a list whose first item is the registration and its attempt. */
export const checkoutRoutes = new Hono<AppEnv>().post(
  '/v1/checkout/:eventId/:tierId',
  requireUser,
  valid('param', checkoutParamsSchema, () => new ApiHttpError(422, 'INVALID_TIER_OR_EVENT')),
  jsonLimit,
  valid('json', checkoutBodySchema),
  async (c, next) => {
    // a voucher's code travels with the checkout: the same throttle as on a pending attempt
    if (c.req.valid('json').paymentMethod === 'voucher') await throttleVoucherGuess(c);
    await next();
  },
  async (c) =>
    c.json(await checkout(c.get('ports'), c.get('user'), c.req.valid('param'), c.req.valid('json')), 201),
);
