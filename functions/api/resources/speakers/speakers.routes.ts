import { Hono } from 'hono';
import { speakerSchema } from '../../../../src/domain/event-editor.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { listSpeakers, upsertSpeaker } from './speakers.service.ts';

/** Speakers for the event editor (write_events): the list and an upsert (product-spec.md §7, through the API). */
export const speakersRoutes = new Hono<AppEnv>()
  .get('/v1/admin/speakers', requireUser, writeEvents, async (c) =>
    c.json(await listSpeakers(c.get('ports').db)),
  )
  .post('/v1/admin/speakers', requireUser, writeEvents, jsonLimit, valid('json', speakerSchema), async (c) =>
    c.json(await upsertSpeaker(c.get('ports').db, c.req.valid('json')), 200),
  );
