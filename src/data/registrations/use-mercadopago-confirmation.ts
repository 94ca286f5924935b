/** A card or PIX attempt followed until Mercado Pago settles it (the checkout's and the caravan's payment). */
import { useQuery } from '@tanstack/react-query';
import type { ApiBody, apiClient } from '../../lib/api.ts';
import { isPending, mercadoPagoConfirmationQuery } from './mercadopago-confirmation-query.ts';

/** A card or PIX attempt as the payment screen polls it. */
export type MercadoPagoConfirmation = ApiBody<
  Awaited<ReturnType<ReturnType<typeof apiClient>['v1']['mercadopago']['confirmations'][':id']['$get']>>
>;

/**
 * The attempt, asked again every POLL_MS while it is pending (the webhook moves it on the server),
 * until it is paid, rejected, canceled or expired. A failed poll (offline) just waits for the next.
 */
export function useMercadoPagoConfirmation(id: string, initial: MercadoPagoConfirmation | null) {
  // an attempt already settled when the screen opens is not asked again
  const query = useQuery({
    ...mercadoPagoConfirmationQuery(id),
    enabled: !initial || isPending(initial.status),
  });
  return query.data ?? initial;
}
