/**
 * Strategy → handler. A method not in the map answers INVALID_PAYMENT_METHOD even when the event
 * allows it (mp_card and mp_pix until their handlers land: add `mp-card.ts` / `mp-pix.ts` beside
 * this file and one line each here).
 */
import type { MethodMap } from './method.ts';
import { cashMethod, fileMethod, linkMethod, openMethod, voucherMethod } from './offline-methods.ts';

export const CHECKOUT_METHODS: MethodMap = {
  open: openMethod,
  cash: cashMethod,
  file: fileMethod,
  link: linkMethod,
  voucher: voucherMethod,
};
