import { Hono } from 'hono';
import * as v from 'valibot';
import {
  adminEventsQuerySchema,
  duplicateEventSchema,
  eventBodySchema,
} from '../../../../src/domain/event-editor.ts';
import { editorMessages } from '../../../../src/domain/messages/editor.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { getEvent } from './events.service.ts';
import {
  createEvent,
  deleteEvent,
  duplicateEvent,
  listAdminEvents,
  updateEvent,
} from './events-admin.service.ts';

const eventParam = v.object({ id: uuidSchema });
const noEvent = () => notFound('EVENT_NOT_FOUND');

/** The event editor's event routes (write_events, checked on the server for every one). */
export const eventsAdminRoutes = new Hono<AppEnv>()
  .get('/v1/admin/events', requireUser, writeEvents, valid('query', adminEventsQuerySchema), async (c) => {
    const { db, clock } = c.get('ports');
    return c.json(await listAdminEvents(db, clock.now(), c.req.valid('query')), 200);
  })
  .post(
    '/v1/admin/events',
    requireUser,
    writeEvents,
    jsonLimit,
    valid('json', eventBodySchema),
    async (c) => {
      const id = await createEvent(c.get('ports').db, c.req.valid('json'));
      return c.json({ id }, 201);
    },
  )
  .get('/v1/admin/events/:id', requireUser, writeEvents, valid('param', eventParam, noEvent), async (c) => {
    const event = await getEvent(c.get('ports').db, c.req.valid('param').id, true);
    if (!event) throw noEvent();
    return c.json(event, 200);
  })
  .put(
    '/v1/admin/events/:id',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', eventBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await updateEvent(c.get('ports').db, id, c.req.valid('json'));
      return c.json({ id }, 200);
    },
  )
  .delete(
    '/v1/admin/events/:id',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    async (c) => {
      const { db, clock } = c.get('ports');
      await deleteEvent(db, c.req.valid('param').id, clock.now());
      return c.json({ ok: true as const }, 200);
    },
  )
  .post(
    '/v1/admin/events/:id/duplicate',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', duplicateEventSchema),
    async (c) => {
      const id = await duplicateEvent(
        c.get('ports').db,
        c.req.valid('param').id,
        c.req.valid('json').shift_days,
        editorMessages.copyOf,
      );
      return c.json({ id }, 201);
    },
  );
