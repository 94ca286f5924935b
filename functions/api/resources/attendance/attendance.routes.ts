import { Hono } from 'hono';
import * as v from 'valibot';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { listConflicts } from '../checkins/checkins.service.ts';
import { caravanAttendance, eventAttendance } from './attendance.service.ts';

/**
 * Who came, live: an event's attendance for staff (permission `checkin` or `reports`) and a
 * caravan's for its leader. The screens refresh it from realtime (src/features/attendance).
 */
export const attendanceRoutes = new Hono<AppEnv>()
  .get(
    '/v1/admin/events/:id/attendance',
    requireUser,
    requirePermission('checkin', 'reports'),
    valid('param', v.object({ id: uuidSchema }), () => notFound('EVENT_NOT_FOUND')),
    async (c) => c.json(await eventAttendance(c.get('ports').db, c.req.valid('param').id)),
  )
  // the conflicts between doors, for the same staff (the door's own list needs `checkin`)
  .get(
    '/v1/admin/events/:id/attendance/conflicts',
    requireUser,
    requirePermission('checkin', 'reports'),
    valid('param', v.object({ id: uuidSchema }), () => notFound('EVENT_NOT_FOUND')),
    async (c) => c.json(await listConflicts(c.get('ports').db, c.req.valid('param').id)),
  )
  .get(
    '/v1/caravans/:id/attendance',
    requireUser,
    valid('param', v.object({ id: uuidSchema }), () => notFound('NOT_FOUND')),
    async (c) =>
      c.json(await caravanAttendance(c.get('ports').db, c.req.valid('param').id, c.get('user').id)),
  );
