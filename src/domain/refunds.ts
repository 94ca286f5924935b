/**
 * Refunds and the right of withdrawal (docs/product-spec.md §4, 'Reembolsos'). A member may cancel a
 * paid registration and get the money back within the event's withdrawal period: `withdrawal_days`
 * (default 7, Brazil's consumer code art. 49) from the payment, and never once the event started.
 * Card and PIX paid through Mercado Pago go back through its refunds API; money that came in by
 * receipt, cash or payment link goes back outside the app and staff record it. Pure.
 */
import type { PaymentMethod } from './types.ts';

export const DEFAULT_WITHDRAWAL_DAYS = 7;
export const MAX_WITHDRAWAL_DAYS = 60;

/** Methods whose money Mercado Pago holds: refunded through its API. */
export const PROVIDER_REFUND_METHODS: readonly PaymentMethod[] = ['mp_card', 'mp_pix'];
/** Methods whose money came in outside the app: staff refund it outside and record it. */
export const MANUAL_REFUND_METHODS: readonly PaymentMethod[] = ['file', 'cash', 'link'];

export function refundMethodFor(strategy: string): 'mercadopago' | 'manual' | null {
  if ((PROVIDER_REFUND_METHODS as readonly string[]).includes(strategy)) return 'mercadopago';
  if ((MANUAL_REFUND_METHODS as readonly string[]).includes(strategy)) return 'manual';
  return null; // voucher, free: no money came in
}

/** The end of the withdrawal period (ISO): `days` after payment, cut at the event's start. */
export function withdrawalEndsAt(paidAt: string, eventStartsAt: string, days: number): string {
  const end = new Date(paidAt).getTime() + days * 86_400_000;
  return new Date(Math.min(end, new Date(eventStartsAt).getTime())).toISOString();
}

/**
 * Whether the member may cancel and get their money back now: a paid attempt of a Mercado Pago
 * method, inside the withdrawal period.
 */
export function memberMayRefund(input: {
  status: string;
  strategy: string;
  paidAt: string | null;
  eventStartsAt: string;
  withdrawalDays: number;
  now: Date;
}): boolean {
  if (input.status !== 'paid' || !input.paidAt || input.withdrawalDays <= 0) return false;
  if (refundMethodFor(input.strategy) !== 'mercadopago') return false;
  return (
    input.now.getTime() <
    new Date(withdrawalEndsAt(input.paidAt, input.eventStartsAt, input.withdrawalDays)).getTime()
  );
}
