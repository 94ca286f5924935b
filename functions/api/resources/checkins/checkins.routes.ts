import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  checkinBodySchema,
  parseCheckinCode,
  rosterQuerySchema,
  syncBodySchema,
} from '../../../../src/domain/checkin.ts';
import { doorSalesBodySchema } from '../../../../src/domain/door-sales.ts';
import { checkinMessages } from '../../../../src/domain/messages/checkin.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, invalidData, notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import {
  checkInOne,
  listCheckinEvents,
  listConflicts,
  listMyCheckins,
  rosterPage,
  syncCheckins,
} from './checkins.service.ts';
import { syncDoorSales } from './door-sales.service.ts';

/** A sync batch of SYNC_BATCH_MAX items is about 70 KiB of JSON: its own limit, with room. */
const syncLimit = bodyLimit({
  maxSize: 256 * 1024,
  onError: () => {
    throw new ApiHttpError(413, 'TOO_LARGE');
  },
});

/** Door check-in (permission `checkin`): events, roster download and pulls, single and batch check-in. */
export const checkinsRoutes = new Hono<AppEnv>()
  .get('/v1/checkins', requireUser, async (c) =>
    c.json(await listMyCheckins(c.get('ports').db, c.get('user').id)),
  )
  .use('/v1/admin/checkin/*', requireUser, requirePermission('checkin'))
  .use('/v1/admin/checkin', requireUser, requirePermission('checkin'))
  .get('/v1/admin/checkin/events', async (c) =>
    c.json(await listCheckinEvents(c.get('ports').db, c.get('ports').clock.now())),
  )
  .get(
    '/v1/admin/checkin/events/:eventId/roster',
    valid('param', v.object({ eventId: uuidSchema }), () => notFound('EVENT_NOT_FOUND')),
    valid('query', rosterQuerySchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      return c.json(await rosterPage(c.get('ports').db, eventId, c.req.valid('query')));
    },
  )
  .get(
    '/v1/admin/checkin/events/:eventId/conflicts',
    valid('param', v.object({ eventId: uuidSchema }), () => notFound('EVENT_NOT_FOUND')),
    async (c) => c.json(await listConflicts(c.get('ports').db, c.req.valid('param').eventId)),
  )
  .post('/v1/admin/checkin/sync', syncLimit, valid('json', syncBodySchema), async (c) => {
    const body = c.req.valid('json');
    const results = await syncCheckins(c.get('ports').db, {
      eventId: body.eventId,
      device: body.device,
      checkedBy: c.get('user').id,
      items: body.items,
      now: c.get('ports').clock.now(),
    });
    return c.json({ results });
  })
  // walk-ins and cash at the door: `door_sales` besides `checkin` (door-sales.service.ts)
  .post(
    '/v1/admin/checkin/door-sales',
    requirePermission('door_sales'),
    syncLimit,
    valid('json', doorSalesBodySchema),
    async (c) => {
      const body = c.req.valid('json');
      const results = await syncDoorSales(c.get('ports').db, {
        eventId: body.eventId,
        device: body.device,
        soldBy: c.get('user').id,
        items: body.items,
        now: c.get('ports').clock.now(),
      });
      return c.json({ results });
    },
  )
  .post('/v1/admin/checkin', jsonLimit, valid('json', checkinBodySchema), async (c) => {
    const body = c.req.valid('json');
    const parsed = parseCheckinCode(body.scanned ?? body.manual ?? '');
    if (!parsed.ok) throw invalidData(parsed.message);
    // a scanner reads QR data only; a typed QR content is fine too
    if (body.scanned && parsed.code.kind !== 'registration') throw invalidData(checkinMessages.invalidCode);
    return c.json(
      await checkInOne(c.get('ports').db, {
        code: parsed.code,
        eventId: body.eventId!, // required by checkinBodySchema
        device: body.device,
        checkedBy: c.get('user').id,
        now: c.get('ports').clock.now(),
      }),
    );
  });
