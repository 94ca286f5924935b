import type { ConfirmationStatus } from './types.ts';

/**
 * What a Mercado Pago payment status means for our payment attempt (registration confirmation).
 * `null`: nothing to do yet (pending, in process, authorized but not captured, in mediation).
 * A PIX that ran out of time is reported as cancelled with status_detail `expired` → 'expired'
 * (its place goes back to the tier, and staff see it under 'PIX Expirados').
 */
export function confirmationStatusForPayment(status: string, statusDetail: string): ConfirmationStatus | null {
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
 * Confirmation statuses a provider notification may still move: a payment attempt that is paid,
 * rejected, canceled or expired stays so (monotonic), whatever arrives later or again.
 */
export function isOpenConfirmation(status: ConfirmationStatus): boolean {
  return status === 'pending' || status === 'analysis';
}

/** How long a PIX copy-and-paste code can be paid (Mercado Pago accepts 30 min to 30 days). */
export const PIX_EXPIRY_MINUTES = 30;

/** The sandbox card outcomes by cardholder name (the local fake follows them; payments-br.md §4). */
export const SANDBOX_CARDHOLDERS = { approved: 'APRO', rejected: 'OTHE', pending: 'CONT' } as const;
