import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import {
  ADMIN_ACTION_TARGET,
  type AdminAction,
  adminConfirmationsQuerySchema,
  reasonBodySchema,
} from '../../../../src/domain/admin-registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import type { Db } from '../../ports/db.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { listAdminConfirmations, listConfirmationEvents } from './admin-confirmations.service.ts';

/** An id that cannot be an attempt's is as unknown as a missing one: 404. */
const attemptParam = valid('param', v.object({ id: v.pipe(v.string(), v.uuid()) }), () =>
  notFound('REGISTRATION_NOT_FOUND'),
);

/**
 * A staff decision on one attempt, through the one transition function (row locks, the domain's
 * allowed moves — 409 INVALID_TRANSITION otherwise —, the reason kept, the place back once).
 */
async function decide(db: Db, id: string, action: AdminAction, reviewerId: string, reason?: string) {
  const result = await transitionConfirmation(db, {
    confirmationId: id,
    to: ADMIN_ACTION_TARGET[action],
    reason: reason ?? null,
    reviewedBy: reviewerId,
  });
  return {
    id: result.confirmation.id,
    status: result.confirmation.status,
    registration: { id: result.registration.id, status: result.registration.status },
    changed: result.changed,
  };
}

const factory = createFactory<AppEnv>();

/** Reject and cancel ('Excluir'): the same route but for the action, each with the staff's reason. */
const decisionWithReason = (action: 'reject' | 'cancel') =>
  factory.createHandlers(
    requireUser,
    requirePermission('write_confirmations'),
    attemptParam,
    jsonLimit,
    valid('json', reasonBodySchema),
    async (c) =>
      c.json(
        await decide(
          c.get('ports').db,
          c.req.valid('param').id,
          action,
          c.get('user').id,
          c.req.valid('json').reason,
        ),
      ),
  );

/**
 * Staff payment review (spec §4, §7; DESIGN §4): read_confirmations lists; write_confirmations
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
    attemptParam,
    async (c) =>
      c.json(await decide(c.get('ports').db, c.req.valid('param').id, 'approve', c.get('user').id)),
  )
  .post('/v1/admin/confirmations/:id/reject', ...decisionWithReason('reject'))
  .post('/v1/admin/confirmations/:id/cancel', ...decisionWithReason('cancel'));
