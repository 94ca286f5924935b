import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { loadPermissions, requireUser } from '../../middleware/auth.ts';
import { clientAddress, writeAuditForMany } from '../staff/audit.ts';
import { eventFileSignedUrl, receiptSignedUrl } from './files.service.ts';

const fileQuery = v.object({
  type: v.picklist(['eventFile', 'receiptFile']),
  filename: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
});

/**
 * GET /v1/files?type=eventFile|receiptFile&filename=<path>: a signed URL. Event files: any
 * signed-in user. Receipts: staff with read_confirmations, or the member who sent it; to anyone
 * else a receipt does not exist (404, not 403: its path says nothing).
 */
export const filesRoutes = new Hono<AppEnv>().get(
  '/v1/files',
  requireUser,
  valid('query', fileQuery),
  async (c) => {
    const { db, storage } = c.get('ports');
    const { type, filename } = c.req.valid('query');
    let signedUrl: string | null;
    if (type === 'receiptFile') {
      const user = c.get('user');
      const staff = (await loadPermissions(db, user.id)).includes('read_confirmations');
      signedUrl = await receiptSignedUrl(db, storage, filename, staff ? null : user.id);
      // a staff member opening someone's receipt is recorded (the person's export lists it)
      if (signedUrl && staff) {
        await writeAuditForMany(db, {
          actorId: user.id,
          action: 'receipt.view',
          details: {},
          clientIp: clientAddress(c),
          subjects: `select r.user_id from public.registration_confirmations c
                       join public.registrations r on r.id = c.registration_id
                      where c.request_data->>'receipt' = $5 and r.user_id <> $1 limit 1`,
          params: [filename],
        });
      }
    } else {
      signedUrl = await eventFileSignedUrl(db, storage, filename);
    }
    if (!signedUrl) throw notFound('FILE_NOT_FOUND');
    return c.json({ signedUrl });
  },
);
