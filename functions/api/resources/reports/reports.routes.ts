import { Hono, type TypedResponse } from 'hono';
import {
  type AttendeeRow,
  locationParamSchema,
  parseLocation,
  reportQuerySchema,
} from '../../../../src/domain/reports.ts';
import type { AppEnv } from '../../lib/context.ts';
import { valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { clientAddress } from '../staff/audit.ts';
import {
  eventBadges,
  listReportEvents,
  receivedPayments,
  reportAttendeesJson,
  reportLocations,
  reportSummary,
} from './reports.service.ts';

const reports = requirePermission('reports');

/**
 * The staff reports (permission `reports` on every route) and the badge sheets' data (permission
 * `read_confirmations`, the one that lists registrations: whoever may see a registration may print
 * its badge). Each answer is aggregated in one SQL statement (reports.service.ts).
 */
export const reportsRoutes = new Hono<AppEnv>()
  .get('/v1/admin/reports', requireUser, reports, valid('query', reportQuerySchema), async (c) =>
    c.json(await reportSummary(c.get('ports').db, c.req.valid('query').event)),
  )
  .get('/v1/admin/reports/events', requireUser, reports, async (c) =>
    c.json(await listReportEvents(c.get('ports').db)),
  )
  .get('/v1/admin/reports/my-locations', requireUser, reports, valid('query', reportQuerySchema), async (c) =>
    c.json(await reportLocations(c.get('ports').db, c.req.valid('query').event)),
  )
  .get(
    '/v1/admin/reports/atendees-per-location/:locationId',
    requireUser,
    reports,
    valid('param', locationParamSchema),
    valid('query', reportQuerySchema),
    async (c) => {
      // the JSON text comes from the database (reportAttendeesJson); its shape is AttendeeRow[]
      const body = await reportAttendeesJson(
        c.get('ports').db,
        c.req.valid('query').event,
        parseLocation(c.req.valid('param').locationId),
        { actorId: c.get('user').id, clientIp: clientAddress(c) },
        (c.get('permissions') ?? []).includes('read_sensitive'),
      );
      return c.body(body, 200, {
        'content-type': 'application/json; charset=UTF-8',
      }) as unknown as Response & TypedResponse<AttendeeRow[], 200, 'json'>;
    },
  )
  .get('/v1/admin/reports/payments', requireUser, reports, valid('query', reportQuerySchema), async (c) =>
    c.json(await receivedPayments(c.get('ports').db, c.req.valid('query').event)),
  )
  .get(
    '/v1/admin/badges',
    requireUser,
    requirePermission('read_confirmations'),
    valid('query', reportQuerySchema),
    async (c) =>
      c.json(
        await eventBadges(c.get('ports').db, c.req.valid('query').event, {
          actorId: c.get('user').id,
          clientIp: clientAddress(c),
        }),
      ),
  );
