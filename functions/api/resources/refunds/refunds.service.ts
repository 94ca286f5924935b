/**
 * Refunds (docs/product-spec.md §4, 'Reembolsos'): the member's withdrawal within the event's period,
 * a staff refund with a reason (audited), and the record of money that went back out (`refunds`,
 * one row per payment attempt). Card and PIX paid through Mercado Pago go back through its refunds
 * API with one idempotency key per attempt, so a repeated click, a retried request or the
 * notification of that refund never refunds twice; receipt, cash and link payments go back outside
 * the app and staff record them. The attempt moves to 'refunded' through `transitionConfirmation`
 * (the place returns to its tier exactly once, the member gets an e-mail).
 */
import { memberMayRefund, refundMethodFor } from '../../../../src/domain/refunds.ts';
import { reasonSchema } from '../../../../src/domain/registrations.ts';
import { exec, qb, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, conflict, notFound } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { Db } from '../../ports/db.ts';
import { PaymentGatewayError, type Ports } from '../../ports/index.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { writeAudit } from '../staff/audit.ts';

type Origin = 'member' | 'staff' | 'provider';

export interface RefundResult {
  registration_id: string;
  confirmation_id: string;
  status: 'refunded';
  amount: number;
  method: 'mercadopago' | 'manual';
}

/** The same key for every try on one attempt: Mercado Pago refunds it once. */
export const refundIdempotencyKey = (confirmationId: string) => `refund-${confirmationId}`;

/** The attempt with what a refund needs (registration, event rule, group). */
function attemptQuery() {
  return qb
    .selectFrom('registration_confirmations as c')
    .innerJoin('registrations as r', 'r.id', 'c.registration_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'c.id',
      'c.strategy',
      'c.status',
      'c.transaction_id',
      'c.paid_at',
      'r.id as registration_id',
      'r.user_id',
      'r.frozen_value',
      'r.group_id',
      'e.starts_at',
      'e.withdrawal_days',
    ]);
}
type Attempt = NonNullable<Awaited<ReturnType<typeof runOneOrNull<ReturnType<typeof attemptQuery>>>>>;

/**
 * Records money that went back out for an attempt, in the transaction that moves it (the first
 * record wins: the app's own refund is recorded before Mercado Pago's notification of it).
 */
export async function recordMoneyOut(
  tx: Db,
  input: {
    confirmationId: string;
    registrationId: string;
    amount: number;
    kind: 'refund' | 'chargeback';
    method: 'mercadopago' | 'manual';
    origin: Origin;
    providerRefundId?: string | null;
    reason?: string | null;
    createdBy?: string | null;
  },
): Promise<void> {
  await exec(
    tx,
    qb
      .insertInto('refunds')
      .values({
        confirmation_id: input.confirmationId,
        registration_id: input.registrationId,
        amount: input.amount,
        kind: input.kind,
        method: input.method,
        origin: input.origin,
        provider_refund_id: input.providerRefundId ?? null,
        reason: input.reason ?? null,
        created_by: input.createdBy ?? null,
      })
      .onConflict((oc) => oc.constraint('refunds_confirmation_key').doNothing()),
  );
}

/** The newest attempt of a registration (the one that paid). */
async function newestAttempt(db: Db, registrationId: string): Promise<Attempt | null> {
  return runOneOrNull(
    db,
    attemptQuery()
      .where('c.registration_id', '=', registrationId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1),
  );
}

/** The refund itself, once the caller decided it may happen. */
async function refund(
  ports: Ports,
  attempt: Attempt,
  who: { origin: Origin; actorId: string | null; reason: string | null },
): Promise<RefundResult> {
  const method = refundMethodFor(attempt.strategy);
  if (!method || attempt.group_id) throw conflict('NOT_REFUNDABLE');
  const amount = Number(attempt.frozen_value);
  const record = {
    confirmationId: attempt.id,
    registrationId: attempt.registration_id,
    amount,
    kind: 'refund' as const,
    method,
    origin: who.origin,
    reason: who.reason,
    createdBy: who.actorId,
  };
  let providerRefundId: string | null = null;
  if (method === 'mercadopago') {
    if (!attempt.transaction_id) throw conflict('NOT_REFUNDABLE');
    // recorded first, so the notification of this very refund (it may arrive before we return)
    // finds who asked for it
    await recordMoneyOut(ports.db, record);
    try {
      const made = await ports.payments.refundPayment({
        paymentId: attempt.transaction_id,
        idempotencyKey: refundIdempotencyKey(attempt.id),
      });
      providerRefundId = made.id;
    } catch (error) {
      const payment = await ports.payments.getPayment(attempt.transaction_id).catch(() => null);
      // refunded already (e.g. in Mercado Pago's panel): nothing more to ask, the record stands
      if (payment?.status !== 'refunded') {
        await exec(
          ports.db,
          qb
            .deleteFrom('refunds')
            .where('confirmation_id', '=', attempt.id)
            .where('provider_refund_id', 'is', null),
        );
        if (error instanceof PaymentGatewayError && error.kind === 'refused')
          throw conflict('NOT_REFUNDABLE');
        throw new ApiHttpError(503, 'REFUND_FAIL');
      }
    }
    if (providerRefundId) {
      await exec(
        ports.db,
        qb
          .updateTable('refunds')
          .set({ provider_refund_id: providerRefundId })
          .where('confirmation_id', '=', attempt.id)
          .where('provider_refund_id', 'is', null),
      );
    }
  }
  await transitionConfirmation(ports.db, {
    confirmationId: attempt.id,
    to: 'refunded',
    reason: who.reason,
    reviewedBy: who.origin === 'staff' ? who.actorId : undefined,
    responseData: {
      refund_amount: amount,
      refund_method: method,
      refunded_at: ports.clock.now().toISOString(),
      ...(providerRefundId ? { refund_id: providerRefundId } : {}),
    },
    guard: (locked) => {
      // refunded meanwhile (a double click, the notification): done, nothing more to write
      if (locked.confirmation.status === 'refunded') return;
      if (locked.confirmation.status !== 'paid') throw conflict('NOT_REFUNDABLE');
    },
    within: (tx) => recordMoneyOut(tx, { ...record, providerRefundId }),
  });
  return {
    registration_id: attempt.registration_id,
    confirmation_id: attempt.id,
    status: 'refunded',
    amount,
    method,
  };
}

/** A repeat (a double click, a retried request): the refund that was made. */
function alreadyRefunded(attempt: Attempt): RefundResult {
  return {
    registration_id: attempt.registration_id,
    confirmation_id: attempt.id,
    status: 'refunded',
    amount: Number(attempt.frozen_value),
    method: refundMethodFor(attempt.strategy) ?? 'mercadopago',
  };
}

/**
 * The member cancels a paid registration and gets the money back: within the event's withdrawal
 * period (from payment, never once the event started), for card and PIX through Mercado Pago.
 */
export async function refundMyRegistration(
  ports: Ports,
  userId: string,
  registrationId: string,
): Promise<RefundResult> {
  const attempt = await newestAttempt(ports.db, registrationId);
  if (!attempt || attempt.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
  if (attempt.status === 'refunded') return alreadyRefunded(attempt);
  if (attempt.status !== 'paid' || attempt.group_id) throw conflict('NOT_REFUNDABLE');
  if (refundMethodFor(attempt.strategy) === 'manual') throw conflict('REFUND_OFFLINE_METHOD');
  if (refundMethodFor(attempt.strategy) !== 'mercadopago') throw conflict('NOT_REFUNDABLE');
  const may = memberMayRefund({
    status: attempt.status,
    strategy: attempt.strategy,
    paidAt: attempt.paid_at ? new Date(attempt.paid_at).toISOString() : null,
    eventStartsAt: new Date(attempt.starts_at).toISOString(),
    withdrawalDays: Number(attempt.withdrawal_days),
    now: ports.clock.now(),
  });
  if (!may) throw conflict('WITHDRAWAL_CLOSED');
  return refund(ports, attempt, { origin: 'member', actorId: userId, reason: null });
}

/**
 * Staff refund a paid attempt, with a reason: through Mercado Pago for card and PIX, or recorded as
 * made outside the app for receipt, cash and link ('Reembolso registrado'). Audited.
 */
export async function refundByStaff(
  ports: Ports,
  input: { confirmationId: string; actorId: string; reason: string; clientIp: string | null },
): Promise<RefundResult> {
  const reason = parseOrThrow(reasonSchema, input.reason) as string;
  const attempt = await runOneOrNull(ports.db, attemptQuery().where('c.id', '=', input.confirmationId));
  if (!attempt) throw notFound('REGISTRATION_NOT_FOUND');
  if (attempt.status === 'refunded') return alreadyRefunded(attempt);
  if (attempt.status !== 'paid') throw conflict('NOT_REFUNDABLE');
  const result = await refund(ports, attempt, { origin: 'staff', actorId: input.actorId, reason });
  await writeAudit(ports.db, {
    actorId: input.actorId,
    subjectId: attempt.user_id,
    action: 'registration.refund',
    details: {
      registration_id: attempt.registration_id,
      confirmation_id: attempt.id,
      amount: result.amount,
      method: result.method,
      reason,
    },
    clientIp: input.clientIp,
  });
  return result;
}
