/** The member's own actions on a payment attempt: upload a PIX receipt, apply a voucher. */
import { sql } from 'kysely';
import {
  RECEIPT_MAX_BYTES,
  RECEIPTS_MEMBER_MAX_BYTES,
  type ReceiptType,
  sniffReceiptType,
} from '../../../../src/domain/registrations.ts';
import { exec, qb, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';
import type { Storage } from '../../ports/index.ts';
import { RECEIPTS_BUCKET } from '../registrations/registrations.service.ts';
import { spendVoucher } from '../vouchers/spend-voucher.ts';
import { transitionConfirmation } from './confirmation-transitions.ts';

const EXTENSIONS: Record<ReceiptType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

async function confirmationOwner(db: Db, confirmationId: string) {
  return runOneOrNull(
    db,
    qb
      .selectFrom('registration_confirmations as c')
      .innerJoin('registrations as r', 'r.id', 'c.registration_id')
      .select(['r.user_id', 'c.strategy', 'c.status'])
      .select(sql<string | null>`c.request_data->>'group_id'`.as('follows_group'))
      .where('c.id', '=', confirmationId),
  );
}

/**
 * A PIX receipt for a `file` attempt: an image or a PDF (type from its first bytes), at most 5 MB,
 * stored in the private bucket; the attempt moves to analysis. A new receipt replaces one under
 * review, and the replaced object is deleted in the same flow: an attempt keeps one receipt.
 */
export async function uploadReceipt(
  db: Db,
  storage: Storage,
  userId: string,
  confirmationId: string,
  file: File,
): Promise<{ status: 'analysis' }> {
  const owner = await confirmationOwner(db, confirmationId);
  if (!owner || owner.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
  // a caravan guest's attempt follows the group's: the one payment takes one receipt, on the group's
  if (owner.follows_group) throw new ApiHttpError(409, 'RECEIPT_ON_GROUP');
  if (!receiptExpected(owner)) throw new ApiHttpError(409, 'INVALID_TRANSITION');
  if (file.size > RECEIPT_MAX_BYTES) throw new ApiHttpError(413, 'RECEIPT_TOO_LARGE');
  // every receipt the member keeps, but the one this replaces, plus this one
  const [stored] = await db.query<{ bytes: string | number | null }>(
    `select coalesce(sum(coalesce((c.request_data->>'receipt_size')::bigint, $3)), 0) as bytes
       from public.registration_confirmations c
       join public.registrations r on r.id = c.registration_id
      where r.user_id = $1 and c.id <> $2 and c.request_data ? 'receipt'`,
    [userId, confirmationId, RECEIPT_MAX_BYTES],
  );
  if (Number(stored?.bytes ?? 0) + file.size > RECEIPTS_MEMBER_MAX_BYTES) {
    throw new ApiHttpError(409, 'RECEIPT_STORAGE_FULL');
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffReceiptType(bytes.subarray(0, 16));
  if (!type) throw new ApiHttpError(415, 'RECEIPT_INVALID');

  const path = `${userId}/${confirmationId}/${crypto.randomUUID()}.${EXTENSIONS[type]}`;
  await storage.upload(RECEIPTS_BUCKET, path, bytes, type);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const moved = await transitionConfirmation(tx, {
        confirmationId,
        to: 'analysis',
        guard: ({ confirmation, registration }) => {
          if (registration.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
          if (!receiptExpected(confirmation)) throw new ApiHttpError(409, 'INVALID_TRANSITION');
        },
      });
      // the attempt's row is locked by the transition: the receipt read here is the one replaced
      const [before] = await tx.query<{ receipt: string | null }>(
        `select request_data->>'receipt' as receipt from public.registration_confirmations where id = $1`,
        [moved.confirmation.id],
      );
      replaced = before?.receipt ?? null;
      await exec(
        tx,
        qb
          .updateTable('registration_confirmations')
          .set({
            request_data: sql`coalesce(request_data, '{}'::jsonb) || ${{ receipt: path, receipt_type: type, receipt_size: bytes.byteLength }}::jsonb`,
          })
          .where('id', '=', moved.confirmation.id),
      );
    });
  } catch (error) {
    await storage.remove(RECEIPTS_BUCKET, path).catch(() => {});
    throw error;
  }
  // only the latest receipt of an attempt is kept: at most RECEIPT_MAX_BYTES stored per attempt
  if (replaced && replaced !== path) await storage.remove(RECEIPTS_BUCKET, replaced).catch(() => {});
  return { status: 'analysis' };
}

/** A receipt is taken by a `file` attempt waiting for one or under review (a new one replaces it). */
function receiptExpected(confirmation: { strategy: string; status: string }): boolean {
  return (
    confirmation.strategy === 'file' &&
    (confirmation.status === 'pending' || confirmation.status === 'analysis')
  );
}

/**
 * Applies a voucher to a pending `voucher` attempt made before the checkout took the code itself
 * (the checkout now spends it at once, see checkout/methods/offline-methods.ts): single use (the voucher row is marked
 * used in the same statement that finds it), scoped (a voucher of a tier or event only applies there),
 * and the attempt is paid through the transitions. A code that does not apply changes nothing and
 * answers 'Voucher inválido...'.
 */
export async function applyVoucher(
  db: Db,
  userId: string,
  confirmationId: string,
  input: { voucher: string; eventId: string; tierId: string },
  now: Date,
): Promise<{ status: 'paid'; voucher_code: string }> {
  const invalid = () => new ApiHttpError(422, 'VOUCHER_INVALID');
  return db.transaction(async (tx) => {
    // lock the registration and the attempt first (the transitions' order), so two vouchers sent
    // at once for one attempt cannot both be spent
    const target = await runOneOrNull(
      tx,
      qb
        .selectFrom('registration_confirmations as c')
        .innerJoin('registrations as r', 'r.id', 'c.registration_id')
        .select(['r.id as registration_id', 'r.user_id', 'r.event_id', 'r.tier_id'])
        .where('c.id', '=', confirmationId),
    );
    if (!target || target.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
    if (target.event_id !== input.eventId || target.tier_id !== input.tierId) throw invalid();
    await exec(
      tx,
      qb.selectFrom('registrations').select('id').where('id', '=', target.registration_id).forUpdate(),
    );
    const confirmation = await runOneOrNull(
      tx,
      qb
        .selectFrom('registration_confirmations')
        .select(['strategy', 'status'])
        .where('id', '=', confirmationId)
        .forUpdate(),
    );
    if (confirmation?.strategy !== 'voucher' || confirmation.status !== 'pending') {
      throw new ApiHttpError(409, 'INVALID_TRANSITION');
    }

    const voucher = await spendVoucher(tx, {
      code: input.voucher,
      userId,
      eventId: input.eventId,
      tierId: input.tierId,
      now,
    });
    if (!voucher) throw invalid();
    await exec(
      tx,
      qb
        .updateTable('registration_confirmations')
        .set({ voucher_id: voucher.id })
        .where('id', '=', confirmationId),
    );
    await transitionConfirmation(tx, {
      confirmationId,
      to: 'paid',
      guard: ({ registration }) => {
        if (registration.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
      },
    });
    return { status: 'paid' as const, voucher_code: voucher.code };
  });
}
