import { Hono } from 'hono';
import * as v from 'valibot';
import { validationMessages } from '../../../src/domain/messages.ts';
import { isUuid, monthSchema } from '../../../src/domain/validation.ts';
import type { AppEnv } from '../lib/context.ts';
import { invalidData, notFound } from '../lib/errors.ts';
import { getEvent, listEventsOfMonth, listUpcomingEvents } from '../services/events.ts';

/** Public event reads (no token). */
export function eventsRoutes() {
  return new Hono<AppEnv>()
    .get('/v1/events/upcoming', async (c) => {
      const { db, clock } = c.get('ports');
      return c.json(await listUpcomingEvents(db, clock.now()));
    })
    .get('/v1/events', async (c) => {
      const month = c.req.query('month');
      if (!v.is(monthSchema, month)) throw invalidData(validationMessages.month);
      return c.json(await listEventsOfMonth(c.get('ports').db, month));
    })
    .get('/v1/events/:id', async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw notFound('EVENT_NOT_FOUND');
      const event = await getEvent(c.get('ports').db, id);
      if (!event) throw notFound('EVENT_NOT_FOUND');
      return c.json(event);
    });
}
