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
function confirmationQuery() {
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
type Confirmation = NonNullable<
  Awaited<ReturnType<typeof runOneOrNull<ReturnType<typeof confirmationQuery>>>>
>;

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
async function newestConfirmation(db: Db, registrationId: string): Promise<Confirmation | null> {
  return runOneOrNull(
    db,
    confirmationQuery()
      .where('c.registration_id', '=', registrationId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1),
  );
}

/** The refund itself, once the caller decided it may happen. */
async function refund(
  ports: Ports,
  confirmation: Confirmation,
  who: { origin: Origin; actorId: string | null; reason: string | null },
): Promise<RefundResult> {
  const method = refundMethodFor(confirmation.strategy);
  if (!method || confirmation.group_id) throw conflict('NOT_REFUNDABLE');
  const amount = Number(confirmation.frozen_value);
  const record = {
    confirmationId: confirmation.id,
    registrationId: confirmation.registration_id,
    amount,
    kind: 'refund' as const,
    method,
    origin: who.origin,
    reason: who.reason,
    createdBy: who.actorId,
  };
  let providerRefundId: string | null = null;
  if (method === 'mercadopago') {
    if (!confirmation.transaction_id) throw conflict('NOT_REFUNDABLE');
    // recorded first, so the notification of this very refund (it may arrive before we return)
    // finds who asked for it
    await recordMoneyOut(ports.db, record);
    try {
      const made = await ports.payments.refundPayment({
        paymentId: confirmation.transaction_id,
        idempotencyKey: refundIdempotencyKey(confirmation.id),
      });
      providerRefundId = made.id;
    } catch (error) {
      const payment = await ports.payments.getPayment(confirmation.transaction_id).catch(() => null);
      // refunded already (e.g. in Mercado Pago's panel): nothing more to ask, the record stands
      if (payment?.status !== 'refunded') {
        await exec(
          ports.db,
          qb
            .deleteFrom('refunds')
            .where('confirmation_id', '=', confirmation.id)
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
          .where('confirmation_id', '=', confirmation.id)
          .where('provider_refund_id', 'is', null),
      );
    }
  }
  await transitionConfirmation(ports.db, {
    confirmationId: confirmation.id,
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
    registration_id: confirmation.registration_id,
    confirmation_id: confirmation.id,
    status: 'refunded',
    amount,
    method,
  };
}

/** A repeat (a double click, a retried request): the refund that was made. */
function alreadyRefunded(confirmation: Confirmation): RefundResult {
  return {
    registration_id: confirmation.registration_id,
    confirmation_id: confirmation.id,
    status: 'refunded',
    amount: Number(confirmation.frozen_value),
    method: refundMethodFor(confirmation.strategy) ?? 'mercadopago',
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
  const confirmation = await newestConfirmation(ports.db, registrationId);
  if (!confirmation || confirmation.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
  if (confirmation.status === 'refunded') return alreadyRefunded(confirmation);
  if (confirmation.status !== 'paid' || confirmation.group_id) throw conflict('NOT_REFUNDABLE');
  if (refundMethodFor(confirmation.strategy) === 'manual') throw conflict('REFUND_OFFLINE_METHOD');
  if (refundMethodFor(confirmation.strategy) !== 'mercadopago') throw conflict('NOT_REFUNDABLE');
  const may = memberMayRefund({
    status: confirmation.status,
    strategy: confirmation.strategy,
    paidAt: confirmation.paid_at ? new Date(confirmation.paid_at).toISOString() : null,
    eventStartsAt: new Date(confirmation.starts_at).toISOString(),
    withdrawalDays: Number(confirmation.withdrawal_days),
    now: ports.clock.now(),
  });
  if (!may) throw conflict('WITHDRAWAL_CLOSED');
  return refund(ports, confirmation, { origin: 'member', actorId: userId, reason: null });
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
  const confirmation = await runOneOrNull(
    ports.db,
    confirmationQuery().where('c.id', '=', input.confirmationId),
  );
  if (!confirmation) throw notFound('REGISTRATION_NOT_FOUND');
  if (confirmation.status === 'refunded') return alreadyRefunded(confirmation);
  if (confirmation.status !== 'paid') throw conflict('NOT_REFUNDABLE');
  const result = await refund(ports, confirmation, { origin: 'staff', actorId: input.actorId, reason });
  await writeAudit(ports.db, {
    actorId: input.actorId,
    subjectId: confirmation.user_id,
    action: 'registration.refund',
    details: {
      registration_id: confirmation.registration_id,
      confirmation_id: confirmation.id,
      amount: result.amount,
      method: result.method,
      reason,
    },
    clientIp: input.clientIp,
  });
  return result;
}
