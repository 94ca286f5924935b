import { useQuery } from '@tanstack/react-query';
import type { CardPaymentData } from '../../domain/mercadopago.ts';
import type { ApiBody, apiClient } from '../../lib/api.ts';
import { mercadoPagoConfigQuery } from './api/mercadopago-config.ts';

/** What the checkout's step-2 slot gives a provider form (PaymentFormProps of payment-forms.ts, in the part used here). */
export interface ProviderFormProps {
  tier: { price: number };
  submit(transactionData: Record<string, unknown>): Promise<void>;
  back(): void;
}

/** What the card step hands the checkout: the Brick's onSubmit payload, sent as transactionData. */
export type CardSubmit = (data: CardPaymentData) => Promise<void>;

/** The browser's Mercado Pago settings: the public key, and whether payments are the local fake. */
export type MercadoPagoConfig = ApiBody<
  Awaited<ReturnType<ReturnType<typeof apiClient>['v1']['mercadopago']['config']['$get']>>
>;

export function useMercadoPagoConfig(): { config: MercadoPagoConfig | null; failed: boolean } {
  const query = useQuery(mercadoPagoConfigQuery);
  return { config: query.data ?? null, failed: query.isError };
}

export {
  type MercadoPagoConfirmation,
  useMercadoPagoConfirmation,
} from '../../data/registrations/use-mercadopago-confirmation.ts';
