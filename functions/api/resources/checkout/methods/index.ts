/**
 * Strategy → handler, one per payment method: the offline ones (offline-methods.ts) and Mercado
 * Pago's card (mp-card.ts) and PIX (mp-pix.ts), which call the provider after commit. A method not in
 * the map would answer INVALID_PAYMENT_METHOD even when the event allows it.
 */
import type { MethodMap } from './method.ts';
import { mpCardMethod } from './mp-card.ts';
import { mpPixMethod } from './mp-pix.ts';
import { cashMethod, fileMethod, linkMethod, openMethod, voucherMethod } from './offline-methods.ts';

export const CHECKOUT_METHODS: MethodMap = {
  open: openMethod,
  cash: cashMethod,
  file: fileMethod,
  link: linkMethod,
  voucher: voucherMethod,
  mp_card: mpCardMethod,
  mp_pix: mpPixMethod,
};
