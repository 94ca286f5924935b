/** The methods without a provider: free, cash, receipt upload, payment link and voucher. */
import { LINK_VALID_MS } from '../../../../../src/domain/registrations.ts';
import type { CheckoutMethodHandler } from './method.ts';

/** Default PIX key when the tier sets none (spec §9: a fallback address). */
export const DEFAULT_PIX_KEY = 'pix@congrega.app.br';

/** Free tier: paid at once. */
export const openMethod: CheckoutMethodHandler = { start: () => ({ status: 'paid' }) };

/** In person: pending until staff approve. */
export const cashMethod: CheckoutMethodHandler = { start: () => ({ status: 'pending' }) };

/** PIX by receipt: pending until the receipt arrives (then analysis); shows the PIX key to pay. */
export const fileMethod: CheckoutMethodHandler = {
  start: ({ tier }) => ({
    status: 'pending',
    requestData: { pix_key: tier.custom_pix_key ?? DEFAULT_PIX_KEY },
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
