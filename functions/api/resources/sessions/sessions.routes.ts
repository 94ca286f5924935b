import { Hono } from 'hono';
import * as v from 'valibot';
import { sessionsBodySchema } from '../../../../src/domain/checkin.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { clientAddress } from '../staff/audit.ts';
import { listSessions, putSessions } from './sessions.service.ts';

const eventParam = v.object({ id: uuidSchema });
const noEvent = () => notFound('EVENT_NOT_FOUND');

/** An event's check-in sessions (write_events): a camp's days, a conference's morning and evening. */
export const sessionsRoutes = new Hono<AppEnv>()
  .get(
    '/v1/admin/events/:id/sessions',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    async (c) => c.json(await listSessions(c.get('ports').db, c.req.valid('param').id)),
  )
  .put(
    '/v1/admin/events/:id/sessions',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', sessionsBodySchema),
    async (c) =>
      c.json(
        await putSessions(c.get('ports').db, c.req.valid('param').id, c.req.valid('json'), {
          actorId: c.get('user').id,
          clientIp: clientAddress(c),
        }),
      ),
  );
