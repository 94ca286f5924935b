/**
 * Mercado Pago's word about a payment, applied to our payment attempt (registration confirmation):
 * from a verified webhook, from the checkout's own call (card approved at once), and from the sweep
 * that expires unpaid PIX. Every status change goes through `transitionConfirmation` (row locks,
 * the place back to the tier exactly once), guarded by the monotonic rule of src/domain/mercadopago.ts,
 * so a replayed or out-of-order notification and a concurrent staff decision end in one state.
 */
import { confirmationStatusForPayment, providerMayMove } from '../../../../src/domain/mercadopago.ts';
import { mercadoPagoMessages } from '../../../../src/domain/messages/mercadopago.ts';
import type { ConfirmationStatus } from '../../../../src/domain/registrations.ts';
import { verifyNotificationSignature } from '../../adapters/mercadopago-signature.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, invalidData, unauthorized } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';
import { PaymentGatewayError, type Ports, type ProviderPayment } from '../../ports/index.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { recordMoneyOut } from '../refunds/refunds.service.ts';

export const PROVIDER = 'mercadopago';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider said nothing that may move the attempt now (thrown inside the locked transaction). */
class NotMoved extends Error {}

export type ApplyOutcome =
  | { outcome: 'changed'; status: ConfirmationStatus }
  | { outcome: 'unchanged'; status: ConfirmationStatus }
  | { outcome: 'ignored'; reason: string };

/**
 * Applies the payment's current status to the attempt it references (external_reference), if that
 * attempt is ours, of a Mercado Pago method, of the same payment and the same amount.
 */
export async function applyProviderPayment(db: Db, payment: ProviderPayment): Promise<ApplyOutcome> {
  const confirmationId = payment.externalReference ?? '';
  if (!UUID.test(confirmationId)) return { outcome: 'ignored', reason: 'unknown_reference' };
  const confirmation = await runOneOrNull(
    db,
    qb
      .selectFrom('registration_confirmations as c')
      .innerJoin('registrations as r', 'r.id', 'c.registration_id')
      // a caravan's payment attempt is for the group's total
      .leftJoin('registration_groups as g', 'g.confirmation_id', 'c.id')
      .select([
        'c.id',
        'c.registration_id',
        'c.strategy',
        'c.status',
        'c.transaction_id',
        'r.frozen_value',
        'g.frozen_total',
      ])
      .where('c.id', '=', confirmationId),
  );
  if (!confirmation || (confirmation.strategy !== 'mp_card' && confirmation.strategy !== 'mp_pix')) {
    return { outcome: 'ignored', reason: 'unknown_reference' };
  }
  if (confirmation.transaction_id && confirmation.transaction_id !== payment.id) {
    return { outcome: 'ignored', reason: 'other_payment' };
  }
  // the amount we froze is the only one we accept (a payment made for another value pays nothing)
  const frozen = confirmation.frozen_total ?? confirmation.frozen_value;
  if (payment.amountCents !== frozen) {
    console.warn(`[mercadopago] payment ${payment.id}: amount ${payment.amountCents} ≠ ${frozen}`);
    return { outcome: 'ignored', reason: 'amount_mismatch' };
  }
  if (!confirmation.transaction_id) {
    await exec(
      db,
      qb
        .updateTable('registration_confirmations')
        .set({ transaction_id: payment.id })
        .where('id', '=', confirmationId)
        .where('transaction_id', 'is', null),
    );
  }
  const target = confirmationStatusForPayment(payment.status, payment.statusDetail);
  if (!target) return { outcome: 'unchanged', status: confirmation.status as ConfirmationStatus };
  const moneyOut = target === 'refunded' || target === 'charged_back';
  try {
    const result = await transitionConfirmation(db, {
      confirmationId,
      to: target,
      reason: target === 'rejected' ? mercadoPagoMessages.reasonProviderRejected : undefined,
      responseData: {
        provider_status: payment.status,
        provider_status_detail: payment.statusDetail,
        ...(moneyOut
          ? { refund_amount: frozen, refund_method: 'mercadopago', refunded_at: new Date().toISOString() }
          : {}),
      },
      guard: (locked) => {
        if (!providerMayMove(locked.confirmation.status, target))
          throw new NotMoved(locked.confirmation.status);
      },
      // money back out, whoever started it (a refund the app asked for is recorded already: kept)
      within: moneyOut
        ? (tx) =>
            recordMoneyOut(tx, {
              confirmationId,
              registrationId: confirmation.registration_id,
              amount: frozen,
              kind: target === 'charged_back' ? 'chargeback' : 'refund',
              method: 'mercadopago',
              origin: 'provider',
            })
        : undefined,
    });
    return { outcome: 'changed', status: result.confirmation.status };
  } catch (error) {
    if (error instanceof NotMoved)
      return { outcome: 'unchanged', status: error.message as ConfirmationStatus };
    // e.g. an expired PIX paid late whose place is gone (TIER_UNAVAILABLE), or whose member registered
    // again (ALREADY_REGISTERED): staff settle it by hand; the notification is not retried forever.
    if (error instanceof ApiHttpError && error.status === 409) {
      console.warn(`[mercadopago] payment ${payment.id} → ${target} refused: ${error.code}`);
      return { outcome: 'ignored', reason: error.code };
    }
    throw error;
  }
}

/**
 * Before the app cancels an attempt whose PIX code could still be paid: Mercado Pago cancels the
 * payment first, so the code stops being payable. False when it would not or could not (paid or
 * expired meanwhile, unreachable): the attempt is then left pending, to expire as any PIX does, and
 * a payment that still arrives is recorded (an expired attempt may be paid: `providerMayMove`),
 * never lost on a canceled one. Any other attempt: true.
 */
export async function pixCanceledAtProvider(
  ports: Pick<Ports, 'payments'>,
  attempt: { strategy: string; transaction_id: string | null },
): Promise<boolean> {
  if (attempt.strategy !== 'mp_pix' || !attempt.transaction_id) return true;
  try {
    return (await ports.payments.cancelPayment(attempt.transaction_id)).status === 'cancelled';
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // no such payment: nothing can be paid
    if (error.kind === 'not_found') return true;
    console.warn(`[mercadopago] PIX ${attempt.transaction_id} not cancelled: ${error.message}`);
    return false;
  }
}

export interface Notification {
  signature: string | undefined;
  requestId: string | undefined;
  /** `data.id` of the query string: the id the signature covers. */
  dataId: string | undefined;
  type: string | undefined;
  action: string | undefined;
}

export type NotificationResult =
  | { received: true; replay: boolean; outcome: ApplyOutcome['outcome'] | 'ignored' }
  | { received: true; ignored: string };

/**
 * POST /v1/webhooks/mercadopago: verify the signature (401 otherwise), re-read the payment from
 * Mercado Pago (the body is never trusted), record it in payment_events (once per payment and
 * status), then apply it. 503 when Mercado Pago cannot be asked: it retries later.
 */
export async function handleNotification(ports: Ports, n: Notification): Promise<NotificationResult> {
  const secret = ports.env.mercadoPago?.webhookSecret ?? '';
  const valid = await verifyNotificationSignature({
    secret,
    header: n.signature,
    dataId: n.dataId,
    requestId: n.requestId,
    now: ports.clock.now(),
  });
  if (!valid) throw unauthorized();
  if (n.type !== 'payment') return { received: true, ignored: 'topic' };
  if (!n.dataId || !/^\d{1,20}$/.test(n.dataId)) throw invalidData();

  let payment: ProviderPayment;
  try {
    payment = await ports.payments.getPayment(n.dataId);
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.kind === 'not_found') {
      return { received: true, ignored: 'unknown_payment' };
    }
    throw new ApiHttpError(503, 'INTERNAL');
  }

  const ref =
    payment.externalReference && UUID.test(payment.externalReference) ? payment.externalReference : null;
  const known = ref
    ? await runOneOrNull(
        ports.db,
        qb.selectFrom('registration_confirmations').select('id').where('id', '=', ref),
      )
    : null;
  const event = await runOneOrNull(
    ports.db,
    qb
      .insertInto('payment_events')
      .values({
        provider: PROVIDER,
        provider_id: payment.id,
        status: payment.status,
        confirmation_id: known?.id ?? null,
        payload: {
          status_detail: payment.statusDetail,
          action: n.action ?? null,
          request_id: n.requestId ?? null,
          external_reference: payment.externalReference,
          amount_cents: payment.amountCents,
        },
      })
      .onConflict((oc) => oc.constraint('payment_events_provider_status_key').doNothing())
      .returning('id'),
  );
  if (!event) {
    const seen = await runOneOrNull(
      ports.db,
      qb
        .selectFrom('payment_events')
        .select('processed_at')
        .where('provider', '=', PROVIDER)
        .where('provider_id', '=', payment.id)
        .where('status', '=', payment.status),
    );
    // already applied: a replay (or Mercado Pago's retry) changes nothing
    if (seen?.processed_at) return { received: true, replay: true, outcome: 'unchanged' };
  }
  const applied = await applyProviderPayment(ports.db, payment);
  await exec(
    ports.db,
    qb
      .updateTable('payment_events')
      .set({ processed_at: ports.clock.now() })
      .where('provider', '=', PROVIDER)
      .where('provider_id', '=', payment.id)
      .where('status', '=', payment.status)
      .where('processed_at', 'is', null),
  );
  return { received: true, replay: false, outcome: applied.outcome };
}

/**
 * Expires unpaid PIX whose time is up, also when no webhook came (a sweep: on a member's poll, and
 * every minute from the local host or a cron job through POST /v1/mercadopago/sweep). Mercado Pago
 * is asked first, so a PIX paid at the last second becomes paid instead.
 */
export async function expireOverduePix(
  ports: Ports,
  opts: { confirmationId?: string; limit?: number } = {},
): Promise<{ expired: number; paid: number }> {
  const now = ports.clock.now();
  let query = qb
    .selectFrom('registration_confirmations')
    .select(['id', 'transaction_id'])
    // a caravan's unpaid cash holds its places only until its expires_at too (caravans.service.ts)
    .where('strategy', 'in', ['mp_pix', 'cash'])
    .where('status', '=', 'pending')
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(opts.limit ?? 100);
  if (opts.confirmationId) query = query.where('id', '=', opts.confirmationId);
  const overdue = await run(ports.db, query);
  const counts = { expired: 0, paid: 0 };
  for (const row of overdue) {
    if (row.transaction_id) {
      const payment = await ports.payments.getPayment(row.transaction_id).catch(() => null);
      if (payment?.status === 'approved') {
        const applied = await applyProviderPayment(ports.db, payment);
        if (applied.outcome === 'changed') counts.paid += 1;
        continue;
      }
    }
    try {
      const result = await transitionConfirmation(ports.db, {
        confirmationId: row.id,
        to: 'expired',
        guard: (locked) => {
          if (locked.confirmation.status !== 'pending') throw new NotMoved(locked.confirmation.status);
        },
      });
      if (result.changed) counts.expired += 1;
    } catch (error) {
      if (!(error instanceof NotMoved)) throw error;
    }
  }
  return counts;
}

/** The member's own Mercado Pago attempt as the payment screen polls it (expired first when overdue). */
export async function readConfirmation(ports: Ports, userId: string, confirmationId: string) {
  await expireOverduePix(ports, { confirmationId });
  const row = await runOneOrNull(
    ports.db,
    qb
      .selectFrom('registration_confirmations as c')
      .innerJoin('registrations as r', 'r.id', 'c.registration_id')
      .select([
        'c.id',
        'c.registration_id',
        'c.strategy',
        'c.status',
        'c.expires_at',
        'c.request_data',
        'c.response_data',
      ])
      .where('c.id', '=', confirmationId)
      .where('r.user_id', '=', userId)
      .where('c.strategy', 'in', ['mp_card', 'mp_pix']),
  );
  if (!row) throw new ApiHttpError(404, 'REGISTRATION_NOT_FOUND');
  return {
    id: row.id,
    registration_id: row.registration_id,
    strategy: row.strategy as 'mp_card' | 'mp_pix',
    status: row.status as ConfirmationStatus,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    request_data: row.request_data as Record<string, unknown> | null,
    response_data: row.response_data as Record<string, unknown> | null,
  };
}
