import { Hono } from 'hono';
import { venueSchema } from '../../../../src/domain/event-editor.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { listVenues, upsertVenue } from './venues.service.ts';

/** Venues for the event editor (write_events): the list and an upsert (product-spec.md §7, through the API). */
export const venuesRoutes = new Hono<AppEnv>()
  .get('/v1/admin/venues', requireUser, writeEvents, async (c) => c.json(await listVenues(c.get('ports').db)))
  .post('/v1/admin/venues', requireUser, writeEvents, jsonLimit, valid('json', venueSchema), async (c) =>
    c.json(await upsertVenue(c.get('ports').db, c.req.valid('json')), 200),
  );
