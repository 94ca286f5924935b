import { useMutation } from '@tanstack/react-query';
/**
 * The money part of a registration's detail (docs/product-spec.md §4, 'Reembolsos'): the right of
 * withdrawal with 'Cancelar e pedir reembolso' while it lasts (card and PIX), a note that payments
 * made outside the app are refunded by staff, and what happened after (refunded, charged back).
 */
import { useState } from 'react';
import { refundRegistrationMutation } from '../../data/registrations/mutations.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { checkoutMessages as c } from '../../domain/messages/checkout.ts';
import { refundMessages as r } from '../../domain/messages/refunds.ts';
import { formatPrice } from '../../domain/money.ts';
import { DEFAULT_WITHDRAWAL_DAYS, memberMayRefund, refundMethodFor } from '../../domain/refunds.ts';
import type { MyRegistration } from '../../domain/types.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';

export function RefundSection({ registration }: { registration: MyRegistration }) {
  const [busy, setBusy] = useState(false);
  const refundMutation = useMutation(refundRegistrationMutation);
  const newest = registration.confirmations[0];
  if (!newest) return null;
  const value = formatPrice(registration.frozen_value);
  const facts = newest.response_data ?? {};

  if (registration.status === 'refunded') {
    const amount = typeof facts.refund_amount === 'number' ? facts.refund_amount : registration.frozen_value;
    const at = typeof facts.refunded_at === 'string' ? facts.refunded_at : newest.created_at;
    return (
      <p className="registration-refund" role="status" data-testid="refund-status">
        {r.refunded(formatPrice(amount), formatDateTime(at))}
      </p>
    );
  }
  if (registration.status === 'charged_back') {
    return (
      <p className="registration-refund" role="status" data-testid="refund-status">
        {r.chargedBack}
      </p>
    );
  }
  if (registration.status !== 'paid' || newest.status !== 'paid') return null;
  const method = refundMethodFor(newest.strategy);
  if (method === 'manual') return <p className="registration-refund">{r.memberOffline}</p>;
  if (method !== 'mercadopago') return null;
  const days = registration.event.withdrawal_days ?? DEFAULT_WITHDRAWAL_DAYS;
  const open = memberMayRefund({
    status: newest.status,
    strategy: newest.strategy,
    paidAt: newest.paid_at ?? null,
    eventStartsAt: registration.event.starts_at,
    withdrawalDays: days,
    now: new Date(),
  });
  if (!open) return null;

  async function refund() {
    if (busy || !window.confirm(r.memberConfirm(value))) return;
    setBusy(true);
    try {
      await refundMutation.mutateAsync(registration.id);
      notify('positive', r.memberDone);
    } catch (error) {
      notify('negative', (error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="registration-refund" aria-label={r.memberAction}>
      <p>{r.rule(days)}</p>
      <button
        type="button"
        className="button button-danger button-block"
        onClick={() => void refund()}
        disabled={busy}
      >
        {busy && <Spinner size={18} label={c.submitting} />}
        {r.memberAction}
      </button>
    </section>
  );
}
