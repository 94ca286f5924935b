/** GET /v1/mercadopago/config: the browser's Mercado Pago settings (public key, local fake or not). */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const mercadoPagoConfigQuery = queryOptions({
  queryKey: ['mercadopago', 'config'] as const,
  queryFn: () => unwrap(apiClient().v1.mercadopago.config.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});
