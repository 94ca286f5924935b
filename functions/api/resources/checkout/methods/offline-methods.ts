/** The methods without a provider: free, cash, receipt upload, payment link and voucher. */
import { LINK_VALID_MS } from '../../../../../src/domain/registrations.ts';
import { pixKeyOf } from '../../../../../src/domain/tiers.ts';
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

/** The tier's payment link, valid 72 hours (spec §9). */
export const linkMethod: CheckoutMethodHandler = {
  start: ({ tier, now }) => ({
    status: 'pending',
    expiresAt: new Date(now.getTime() + LINK_VALID_MS),
    requestData: { payment_link: tier.payment_link },
  }),
};

/** Pending until a voucher is applied (POST /v1/confirmation/{id}/voucher). */
export const voucherMethod: CheckoutMethodHandler = { start: () => ({ status: 'pending' }) };
