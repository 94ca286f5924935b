/**
 * Step 2 for the provider's methods (mp_card, mp_pix): a lazily loaded form per method. Until a
 * method has its form here the checkout does not offer it. The form calls `submit(transactionData)`
 * (the provider's payload; never an amount) and shows its own provider errors.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PaymentMethod } from '../../domain/types.ts';

export interface PaymentFormProps {
  eventId: string;
  tier: { id: string; name: string; price: number };
  /** Sends the checkout with the provider's data; rejects with the API's failure. */
  submit(transactionData: Record<string, unknown>): Promise<void>;
  /** Back to step 1 (e.g. after an invalid card). */
  back(): void;
}

export const PAYMENT_FORMS: Partial<
  Record<PaymentMethod, LazyExoticComponent<ComponentType<PaymentFormProps>>>
> = {
  mp_card: lazy(() => import('./mercadopago-card.tsx').then((x) => ({ default: x.MercadoPagoCardForm }))),
  mp_pix: lazy(() => import('./mercadopago-pix.tsx').then((x) => ({ default: x.MercadoPagoPixForm }))),
};

/** Methods whose step 2 is an instruction text with 'Ok, entendi!' (no provider form). */
export const INSTRUCTION_METHODS: readonly PaymentMethod[] = ['file', 'cash', 'link', 'voucher'];

/** The methods the screen can take the member through: the offered ones it has a step 2 for. */
export function usableMethods(offered: readonly PaymentMethod[]): PaymentMethod[] {
  return offered.filter((m) => INSTRUCTION_METHODS.includes(m) || PAYMENT_FORMS[m] !== undefined);
}
