/**
 * GET /v1/mercadopago/confirmations/:id: a card or PIX attempt, asked again every `POLL_MS` while it
 * is pending or in analysis (the webhook moves it on the server), until it is paid, rejected,
 * canceled or expired. A failed poll (offline) just waits for the next.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../lib/api.ts';

/** How often a pending PIX or card attempt is asked again. */
export const POLL_MS = 3000;

/** Not yet paid, rejected, canceled or expired. */
export const isPending = (status: string) => status === 'pending' || status === 'analysis';

export const mercadoPagoConfirmationQuery = (id: string) =>
  queryOptions({
    queryKey: ['mercadopago', 'confirmation', id] as const,
    queryFn: () => unwrap(apiClient().v1.mercadopago.confirmations[':id'].$get({ param: { id } })),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (!query.state.data || isPending(query.state.data.status) ? POLL_MS : false),
  });
