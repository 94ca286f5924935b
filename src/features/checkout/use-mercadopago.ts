import { useEffect, useState } from 'react';
import type { CardPaymentData } from '../../domain/mercadopago.ts';
import { type ApiBody, apiClient, unwrap } from '../../lib/api.ts';

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
/** A card or PIX attempt as the payment screen polls it. */
export type MercadoPagoAttempt = ApiBody<
  Awaited<ReturnType<ReturnType<typeof apiClient>['v1']['mercadopago']['confirmations'][':id']['$get']>>
>;

let configRequest: Promise<MercadoPagoConfig> | null = null;

export function useMercadoPagoConfig(): { config: MercadoPagoConfig | null; failed: boolean } {
  const [state, setState] = useState<{ config: MercadoPagoConfig | null; failed: boolean }>({
    config: null,
    failed: false,
  });
  useEffect(() => {
    let alive = true;
    configRequest ??= unwrap(apiClient().v1.mercadopago.config.$get());
    configRequest.then(
      (config) => alive && setState({ config, failed: false }),
      () => {
        configRequest = null;
        if (alive) setState({ config: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** How often a pending PIX or card attempt is asked again. */
export const POLL_MS = 3000;

/**
 * The attempt, asked again every POLL_MS while it is pending (the webhook moves it on the server),
 * until it is paid, rejected, canceled or expired. A failed poll (offline) just waits for the next.
 */
export function useMercadoPagoAttempt(id: string, initial: MercadoPagoAttempt | null) {
  const [attempt, setAttempt] = useState<MercadoPagoAttempt | null>(initial);
  const settled = attempt !== null && attempt.status !== 'pending' && attempt.status !== 'analysis';
  useEffect(() => {
    if (settled) return;
    let alive = true;
    const ask = () =>
      unwrap(apiClient().v1.mercadopago.confirmations[':id'].$get({ param: { id } })).then(
        (next) => alive && setAttempt(next),
        () => {},
      );
    void ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [id, settled]);
  return attempt;
}
