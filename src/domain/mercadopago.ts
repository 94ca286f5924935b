import * as v from 'valibot';
import type { ConfirmationStatus } from './types.ts';

/**
 * What a Mercado Pago payment status means for our payment attempt (registration confirmation).
 * `null`: nothing to do yet (pending, in process, authorized but not captured, in mediation).
 * A PIX that ran out of time is reported as cancelled with status_detail `expired` → 'expired'
 * (its place goes back to the tier, and staff see it under 'PIX Expirados').
 */
export function confirmationStatusForPayment(
  status: string,
  statusDetail: string,
): ConfirmationStatus | null {
  switch (status) {
    case 'approved':
      return 'paid';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return statusDetail === 'expired' ? 'expired' : 'rejected';
    default:
      // refunded / charged_back happen after paid: money matters handled by staff, not by a webhook
      return null;
  }
}

/**
 * Whether the provider's word may move an attempt from `from` to `to` (monotonic): only an open
 * attempt (pending, analysis) moves, and an expired PIX may still become paid (paid at the last
 * second, its notification late). Paid, rejected and canceled stay so, whatever arrives later or again.
 */
export function providerMayMove(from: ConfirmationStatus, to: ConfirmationStatus): boolean {
  if (from === to) return false;
  if (from === 'pending' || from === 'analysis') return true;
  return from === 'expired' && to === 'paid';
}

/** How long a PIX copy-and-paste code can be paid (Mercado Pago accepts 30 min to 30 days). */
export const PIX_EXPIRY_MINUTES = 30;

/** The sandbox card outcomes by cardholder name (the local fake follows them; payments-br.md §4). */
export const SANDBOX_CARDHOLDERS = { approved: 'APRO', rejected: 'OTHE', pending: 'CONT' } as const;

/**
 * What the Card Payment Brick's onSubmit gives (and the local stand-in imitates), as the checkout's
 * `transactionData` for mp_card: a token, never the card. Its transaction_amount is ignored: the
 * server charges the value it froze.
 */
export const cardPaymentDataSchema = v.object({
  token: v.pipe(v.string(), v.minLength(8), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/)),
  payment_method_id: v.pipe(v.string(), v.minLength(2), v.maxLength(40), v.regex(/^[a-z0-9_]+$/)),
  installments: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  issuer_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  payer: v.optional(
    v.object({
      email: v.optional(v.string()),
      identification: v.optional(
        v.object({
          type: v.picklist(['CPF', 'CNPJ']),
          number: v.pipe(v.string(), v.regex(/^\d{11,14}$/)),
        }),
      ),
    }),
  ),
});
export type CardPaymentData = v.InferOutput<typeof cardPaymentDataSchema>;
