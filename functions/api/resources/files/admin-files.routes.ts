import { Hono } from 'hono';
import * as v from 'valibot';
import { eventFileNameSchema, IMAGE_PATH } from '../../../../src/domain/event-editor.ts';
import { editorApiErrors } from '../../../../src/domain/messages/editor.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { addEventFile, removeEventFile, removeImage, uploadImage } from './admin-files.service.ts';

const imageKind = v.picklist(['eventImage', 'speakerImage']);
const uploadQuery = v.object({ type: imageKind });
const deleteQuery = v.object({ type: imageKind, filePath: v.pipe(v.string(), v.regex(IMAGE_PATH)) });
const imageForm = v.object({ file: v.instance(File, editorApiErrors.INVALID_IMAGE) });
const eventFileForm = v.object({
  file: v.instance(File, editorApiErrors.INVALID_EVENT_FILE),
  name: eventFileNameSchema,
});
const eventParam = v.object({ id: uuidSchema });
const eventFileQuery = v.object({ path: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)) });
const noEvent = () => notFound('EVENT_NOT_FOUND');

/**
 * Editor uploads (write_events). Spec §7: POST /v1/admin/files?type=eventImage|speakerImage
 * (multipart `file`) answers `{path}`; DELETE /v1/admin/files?type=&filePath=. Event files (PDF or
 * image) go to the private bucket through /v1/admin/events/:id/files.
 */
export const adminFilesRoutes = new Hono<AppEnv>()
  .post(
    '/v1/admin/files',
    requireUser,
    writeEvents,
    valid('query', uploadQuery),
    valid('form', imageForm),
    async (c) => {
      const path = await uploadImage(
        c.get('ports').storage,
        c.req.valid('query').type,
        c.req.valid('form').file,
      );
      return c.json({ path }, 201);
    },
  )
  .delete('/v1/admin/files', requireUser, writeEvents, valid('query', deleteQuery), async (c) => {
    const { type, filePath } = c.req.valid('query');
    await removeImage(c.get('ports').storage, type, filePath);
    return c.json({ ok: true as const }, 200);
  })
  .post(
    '/v1/admin/events/:id/files',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    valid('form', eventFileForm),
    async (c) => {
      const { file, name } = c.req.valid('form');
      const { db, storage } = c.get('ports');
      return c.json(await addEventFile(db, storage, c.req.valid('param').id, name, file), 201);
    },
  )
  .delete(
    '/v1/admin/events/:id/files',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    valid('query', eventFileQuery),
    async (c) => {
      const { db, storage } = c.get('ports');
      await removeEventFile(db, storage, c.req.valid('param').id, c.req.valid('query').path);
      return c.json({ ok: true as const }, 200);
    },
  );
