/** The methods without a provider: free, cash, receipt upload, payment link and voucher. */
import * as v from 'valibot';
import { checkoutApiErrors } from '../../../../../src/domain/messages/checkout.ts';
import { LINK_VALID_MS, voucherCodeSchema } from '../../../../../src/domain/registrations.ts';
import { pixKeyOf } from '../../../../../src/domain/tiers.ts';
import { ApiHttpError } from '../../../lib/errors.ts';
import { parseOrThrow } from '../../../lib/validate.ts';
import { spendVoucher } from '../../vouchers/spend-voucher.ts';
import type { CheckoutMethodHandler } from './method.ts';

/** Free tier: paid at once. */
export const openMethod: CheckoutMethodHandler = { start: () => ({ status: 'paid' }) };

/** In person: pending until staff approve. */
export const cashMethod: CheckoutMethodHandler = { start: () => ({ status: 'pending' }) };

/** PIX by receipt: pending until the receipt arrives (then analysis); shows the PIX key to pay. */
export const fileMethod: CheckoutMethodHandler = {
  start: ({ tier }) => ({
    status: 'pending',
    requestData: { pix_key: pixKeyOf(tier) },
  }),
};

/** The tier's payment link, valid 72 hours (product-spec.md §9). */
export const linkMethod: CheckoutMethodHandler = {
  start: ({ tier, now }) => ({
    status: 'pending',
    expiresAt: new Date(now.getTime() + LINK_VALID_MS),
    requestData: { payment_link: tier.payment_link },
  }),
};

/** The code typed with the checkout: 8 letters or digits, any mask. */
const voucherData = v.object({ voucher: voucherCodeSchema });

/**
 * Voucher: the code comes with the checkout (no registration waits for one). A voucher that applies
 * (unused, of this event and tier, or unscoped) is spent in the checkout's transaction and the
 * attempt is paid; one that does not is kept as a rejected attempt with the reason 'Voucher
 * inválido...' (it takes no place) and the checkout answers VOUCHER_INVALID, so the member can type
 * another code — a new attempt on the same registration.
 */
export const voucherMethod: CheckoutMethodHandler = {
  async start({ body, user, event, tier, now }, tx) {
    const { voucher: code } = parseOrThrow(voucherData, body.transactionData ?? {});
    const voucher = await spendVoucher(tx, {
      code,
      userId: user.id,
      eventId: event.id,
      tierId: tier.id,
      now,
    });
    if (!voucher) {
      return {
        status: 'rejected',
        requestData: { voucher: code },
        responseData: { reason: checkoutApiErrors.VOUCHER_INVALID },
      };
    }
    return { status: 'paid', requestData: { voucher: code }, voucherId: voucher.id };
  },
  async afterCommit(_ctx, confirmation) {
    if (confirmation.status === 'rejected') throw new ApiHttpError(422, 'VOUCHER_INVALID');
    return confirmation;
  },
};
