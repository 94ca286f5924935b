import { Hono } from 'hono';
import { adminConfirmationsQuerySchema } from '../../../../src/domain/admin-registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { listAdminConfirmations, listConfirmationEvents } from './admin-confirmations.service.ts';

/**
 * Staff payment review (spec §7, DESIGN §4): read_confirmations lists; write_confirmations
 * approves, rejects and cancels.
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
  );
