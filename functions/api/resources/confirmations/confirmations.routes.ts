import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { RECEIPT_MAX_BYTES, voucherBodySchema } from '../../../../src/domain/registrations.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { THROTTLES, throttle, throttleVoucherGuess } from '../../lib/throttle.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { applyVoucher, uploadReceipt } from './confirmations.service.ts';

const idParam = v.object({ id: v.pipe(v.string(), v.uuid()) });
const notFoundId = () => notFound('REGISTRATION_NOT_FOUND');

/** multipart/form-data with one non-empty file in `receipt`. */
const receiptForm = v.object(
  {
    receipt: v.pipe(
      v.instance(File, validationMessages.receiptRequired),
      v.check((file) => file.size > 0, validationMessages.receiptRequired),
    ),
  },
  validationMessages.receiptRequired,
);

/** Room for the multipart envelope around a receipt of the largest size. */
const RECEIPT_BODY_BYTES = RECEIPT_MAX_BYTES + 64 * 1024;

/** The member's own payment attempts: a PIX receipt, a voucher. */
export const confirmationsRoutes = new Hono<AppEnv>()
  .post(
    '/v1/confirmation/:id/receipt',
    requireUser,
    valid('param', idParam, notFoundId),
    // 10 receipts a minute per member, counted before the body is read
    async (c, next) => {
      await throttle(c, 'RECEIPT_RATE_LIMITED', [
        { key: `receipt:user:${c.get('user').id}`, limit: THROTTLES.receiptPerUser },
      ]);
      await next();
    },
    bodyLimit({
      maxSize: RECEIPT_BODY_BYTES,
      onError: () => {
        throw new ApiHttpError(413, 'RECEIPT_TOO_LARGE');
      },
    }),
    valid('form', receiptForm),
    async (c) => {
      const { db, storage } = c.get('ports');
      const { receipt } = c.req.valid('form');
      return c.json(await uploadReceipt(db, storage, c.get('user').id, c.req.valid('param').id, receipt));
    },
  )
  .post(
    '/v1/confirmation/:id/voucher',
    requireUser,
    valid('param', idParam, notFoundId),
    jsonLimit,
    valid('json', voucherBodySchema),
    async (c, next) => {
      await throttleVoucherGuess(c);
      await next();
    },
    async (c) => {
      const { db, clock } = c.get('ports');
      const result = await applyVoucher(
        db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json(result);
    },
  );
