import { Hono } from 'hono';
import * as v from 'valibot';
import { reasonBodySchema } from '../../../../src/domain/admin-registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { clientAddress } from '../staff/audit.ts';
import { refundByStaff, refundMyRegistration } from './refunds.service.ts';

/** An id that cannot be a registration's or an attempt's is as unknown as a missing one: 404. */
const idParam = valid('param', v.object({ id: v.pipe(v.string(), v.uuid()) }), () =>
  notFound('REGISTRATION_NOT_FOUND'),
);

/**
 * Refunds (docs/product-spec.md §4, 'Reembolsos'): the member's withdrawal on their own paid
 * registration; a staff refund (write_confirmations) of a paid attempt, with a reason.
 */
export const refundsRoutes = new Hono<AppEnv>()
  .post('/v1/registrations/:id/refund', requireUser, idParam, async (c) =>
    c.json(await refundMyRegistration(c.get('ports'), c.get('user').id, c.req.valid('param').id)),
  )
  .post(
    '/v1/admin/confirmations/:id/refund',
    requireUser,
    requirePermission('write_confirmations'),
    idParam,
    jsonLimit,
    valid('json', reasonBodySchema),
    async (c) =>
      c.json(
        await refundByStaff(c.get('ports'), {
          confirmationId: c.req.valid('param').id,
          actorId: c.get('user').id,
          reason: c.req.valid('json').reason,
          clientIp: clientAddress(c),
        }),
      ),
  );
