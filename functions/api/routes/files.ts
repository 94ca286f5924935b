import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { eventFileSignedUrl } from '../services/files.ts';
import type { RouteDeps } from './deps.ts';

const fileQuery = v.object({
  // receiptFile arrives with the confirmation permissions
  type: v.literal('eventFile'),
  filename: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
});

/** GET /v1/files?type=eventFile&filename=<path>: a signed URL for an event file (signed-in users). */
export function filesRoutes({ requireUser }: RouteDeps) {
  return new Hono<AppEnv>().get('/v1/files', requireUser, async (c) => {
    const query = parseOrThrow(fileQuery, { type: c.req.query('type'), filename: c.req.query('filename') });
    const { db, storage } = c.get('ports');
    const signedUrl = await eventFileSignedUrl(db, storage, query.filename);
    if (!signedUrl) throw notFound('FILE_NOT_FOUND');
    return c.json({ signedUrl });
  });
}
