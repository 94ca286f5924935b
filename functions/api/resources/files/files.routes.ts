import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { eventFileSignedUrl } from './files.service.ts';

const fileQuery = v.object({
  // receiptFile arrives with the confirmation permissions
  type: v.literal('eventFile'),
  filename: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
});

/** GET /v1/files?type=eventFile&filename=<path>: a signed URL for an event file (signed-in users). */
export const filesRoutes = new Hono<AppEnv>().get(
  '/v1/files',
  requireUser,
  valid('query', fileQuery),
  async (c) => {
    const { db, storage } = c.get('ports');
    const signedUrl = await eventFileSignedUrl(db, storage, c.req.valid('query').filename);
    if (!signedUrl) throw notFound('FILE_NOT_FOUND');
    return c.json({ signedUrl });
  },
);
