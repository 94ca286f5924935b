import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import {
  adminConfirmationsQuerySchema,
  reasonBodySchema,
} from '../../../../src/domain/admin-registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import {
  applyStaffDecision,
  listAdminConfirmations,
  listConfirmationEvents,
} from './admin-confirmations.service.ts';

/** An id that cannot be an attempt's is as unknown as a missing one: 404. */
const confirmationParam = valid('param', v.object({ id: v.pipe(v.string(), v.uuid()) }), () =>
  notFound('REGISTRATION_NOT_FOUND'),
);

const factory = createFactory<AppEnv>();

/** Reject and cancel ('Excluir'): the same route but for the action, each with the staff's reason. */
const decisionWithReason = (action: 'reject' | 'cancel') =>
  factory.createHandlers(
    requireUser,
    requirePermission('write_confirmations'),
    confirmationParam,
    jsonLimit,
    valid('json', reasonBodySchema),
    async (c) =>
      c.json(
        await applyStaffDecision(
          c.get('ports').db,
          c.req.valid('param').id,
          action,
          c.get('user').id,
          c.req.valid('json').reason,
        ),
      ),
  );

/**
 * Staff payment review (product-spec.md §4, §7; docs/architecture.md, 'API'): read_confirmations lists; write_confirmations
 * approves, rejects (reason) and cancels — 'Excluir' — (reason).
 */
export const adminConfirmationsRoutes = new Hono<AppEnv>()
  .get(
    '/v1/admin/confirmations',
    requireUser,
    requirePermission('read_confirmations'),
    valid('query', adminConfirmationsQuerySchema),
    async (c) => {
      const { cursor, size, ...filter } = c.req.valid('query');
      return c.json(await listAdminConfirmations(c.get('ports').db, filter, cursor, size));
    },
  )
  .get('/v1/admin/confirmations/events', requireUser, requirePermission('read_confirmations'), async (c) =>
    c.json(await listConfirmationEvents(c.get('ports').db)),
  )
  .post(
    '/v1/admin/confirmations/:id/approve',
    requireUser,
    requirePermission('write_confirmations'),
    confirmationParam,
    async (c) =>
      c.json(
        await applyStaffDecision(c.get('ports').db, c.req.valid('param').id, 'approve', c.get('user').id),
      ),
  )
  .post('/v1/admin/confirmations/:id/reject', ...decisionWithReason('reject'))
  .post('/v1/admin/confirmations/:id/cancel', ...decisionWithReason('cancel'));
