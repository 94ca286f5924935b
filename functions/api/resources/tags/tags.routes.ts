import { Hono } from 'hono';
import { tagSchema } from '../../../../src/domain/event-editor.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { listTags, upsertTag } from './tags.service.ts';

/** Tags for the event editor (write_events): the list and an upsert (product-spec.md §7, through the API). */
export const tagsRoutes = new Hono<AppEnv>()
  .get('/v1/admin/tags', requireUser, writeEvents, async (c) => c.json(await listTags(c.get('ports').db)))
  .post('/v1/admin/tags', requireUser, writeEvents, jsonLimit, valid('json', tagSchema), async (c) =>
    c.json(await upsertTag(c.get('ports').db, c.req.valid('json')), 200),
  );
