import { Hono } from 'hono';
import * as v from 'valibot';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { monthSchema, uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { publicRead } from '../../middleware/public-cache.ts';
import { getEvent, listEventsOfMonth, listUpcomingEvents } from './events.service.ts';

// a missing month reads as a bad one, as before the validator
const monthQuery = v.object({ month: monthSchema }, validationMessages.month);
const eventParam = v.object({ id: uuidSchema });
// an id that is not a UUID names no event: 404, as for an unknown one
const noSuchEvent = () => notFound('EVENT_NOT_FOUND');

/**
 * Public event reads (no token needed; the answer is the same with one): cacheable by a CDN when
 * anonymous, never when a token came along (publicRead).
 */
export const eventsRoutes = new Hono<AppEnv>()
  .get('/v1/events/upcoming', publicRead, async (c) => {
    const { db, clock } = c.get('ports');
    return c.json(await listUpcomingEvents(db, clock.now()));
  })
  .get('/v1/events', publicRead, valid('query', monthQuery), async (c) => {
    return c.json(await listEventsOfMonth(c.get('ports').db, c.req.valid('query').month));
  })
  .get('/v1/events/:id', publicRead, valid('param', eventParam, noSuchEvent), async (c) => {
    const event = await getEvent(c.get('ports').db, c.req.valid('param').id);
    if (!event) throw noSuchEvent();
    return c.json(event, 200);
  });
