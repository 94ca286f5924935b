import * as v from 'valibot';
import { mercadoPagoMessages } from './messages/mercadopago.ts';
import { validationMessages } from './messages/validation.ts';
import type { ConfirmationStatus } from './types.ts';
import { cpfSchema, onlyDigits } from './validation.ts';

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
    // after paid: whoever started it (the app, Mercado Pago's panel, the card holder's bank)
    case 'refunded':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    default:
      return null;
  }
}

/**
 * Whether the provider's word may move an attempt from `from` to `to` (monotonic): only an open
 * attempt (pending, analysis) moves, and an expired PIX may still become paid (paid at the last
 * second, its notification late). A paid attempt may only become refunded or charged back. Rejected and
 * canceled stay so, whatever arrives later or again.
 */
export function providerMayMove(from: ConfirmationStatus, to: ConfirmationStatus): boolean {
  if (from === to) return false;
  // money back out: only of a paid attempt (a chargeback may follow a refund)
  if (to === 'refunded') return from === 'paid';
  if (to === 'charged_back') return from === 'paid' || from === 'refunded';
  if (from === 'pending' || from === 'analysis') return true;
  return from === 'expired' && to === 'paid';
}

/** How long a PIX copy-and-paste code can be paid (Mercado Pago accepts 30 min to 30 days). */
export const PIX_EXPIRY_MINUTES = 30;

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

/** Luhn check digit of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/AA" → month and four-digit year, when it is a month from `now` on. */
export function parseCardExpiry(value: string, now = new Date()): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() ? { month, year } : null;
}

/**
 * The local stand-in of the Card Payment Brick (dev mode only): what it asks before Mercado Pago's
 * fake turns the card into a token. In production the Brick itself collects these, in its frames.
 */
export const standInCardSchema = v.object({
  cardholderName: v.pipe(v.string(), v.trim(), v.nonEmpty(validationMessages.required), v.maxLength(80)),
  cardNumber: v.pipe(
    v.string(),
    v.transform(onlyDigits),
    v.check(luhnValid, mercadoPagoMessages.cardNumberInvalid),
  ),
  expiry: v.pipe(
    v.string(),
    v.check((value) => parseCardExpiry(value) !== null, mercadoPagoMessages.cardExpiryInvalid),
  ),
  cvv: v.pipe(v.string(), v.regex(/^\d{3,4}$/, mercadoPagoMessages.cardCvvInvalid)),
  cpf: cpfSchema,
});
export type StandInCardInput = v.InferInput<typeof standInCardSchema>;
