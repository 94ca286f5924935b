import { Hono } from 'hono';
import * as v from 'valibot';
import { voucherBatchSchema } from '../../../../src/domain/event-editor.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { generateVouchers, listVouchers, vouchersCsv } from './vouchers.service.ts';

const eventParam = v.object({ id: uuidSchema });
const noEvent = () => notFound('EVENT_NOT_FOUND');

/** Vouchers of an event (write_events): generate a batch, list, CSV export. */
export const vouchersRoutes = new Hono<AppEnv>()
  .post(
    '/v1/admin/events/:id/vouchers',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', voucherBatchSchema),
    async (c) => {
      const body = c.req.valid('json');
      const codes = await generateVouchers(c.get('ports').db, {
        eventId: c.req.valid('param').id,
        tierId: body.tier_id,
        count: body.count,
        description: body.description ?? null,
        createdBy: c.get('user').id,
      });
      return c.json({ codes }, 201);
    },
  )
  .get(
    '/v1/admin/events/:id/vouchers',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    async (c) => c.json(await listVouchers(c.get('ports').db, c.req.valid('param').id), 200),
  )
  .get(
    '/v1/admin/events/:id/vouchers.csv',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    async (c) => {
      const csv = vouchersCsv(await listVouchers(c.get('ports').db, c.req.valid('param').id));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="vouchers.csv"',
      });
    },
  );
