/**
 * What the member does to their registrations online (checkout, receipt, voucher, cancel, refund), as
 * `mutationOptions` for `useMutation`; each
 * then invalidates the member's data, which is fetched again at once (also when no screen shows
 * it), so /my-registrations and the ticket show the new state, also offline later. React-free.
 * Failures throw the API's ApiFailure (code + pt-BR message).
 */
import { mutationOptions } from '@tanstack/react-query';
import type { CheckoutBody } from '../../domain/registrations.ts';
import { apiClient, unwrap } from '../../lib/api.ts';
import { queryClient } from '../query-client.ts';

/** After the member changed a registration (here, or a payment elsewhere): their new state. */
export async function invalidateMyRegistrations(): Promise<void> {
  // a fetch in flight started before the change may answer without it: cancelled, and a new one asked
  await queryClient.cancelQueries({ queryKey: ['me'] });
  await queryClient.invalidateQueries({ queryKey: ['me'], refetchType: 'all' });
}

/** POST /v1/checkout/:eventId/:tierId: the member's registration and its first payment attempt. */
export const startCheckoutMutation = mutationOptions({
  mutationFn: async ({ eventId, tierId, body }: { eventId: string; tierId: string; body: CheckoutBody }) =>
    (
      await unwrap(
        apiClient().v1.checkout[':eventId'][':tierId'].$post({ param: { eventId, tierId }, json: body }),
      )
    )[0]!,
  onSuccess: invalidateMyRegistrations,
});

/** POST /v1/confirmation/:id/receipt: the transfer's receipt, for the staff to approve. */
export const uploadReceiptMutation = mutationOptions({
  mutationFn: ({ confirmationId, receipt }: { confirmationId: string; receipt: File }) =>
    unwrap(
      apiClient().v1.confirmation[':id'].receipt.$post({ param: { id: confirmationId }, form: { receipt } }),
    ),
  onSuccess: invalidateMyRegistrations,
});

/** POST /v1/confirmation/:id/voucher: a voucher pays the pending attempt. */
export const applyVoucherMutation = mutationOptions({
  mutationFn: ({
    confirmationId,
    ...input
  }: {
    confirmationId: string;
    voucher: string;
    eventId: string;
    tierId: string;
  }) =>
    unwrap(apiClient().v1.confirmation[':id'].voucher.$post({ param: { id: confirmationId }, json: input })),
  onSuccess: invalidateMyRegistrations,
});

/** POST /v1/registrations/:eventId/cancel-registration */
export const cancelRegistrationMutation = mutationOptions({
  mutationFn: (eventId: string) =>
    unwrap(apiClient().v1.registrations[':eventId']['cancel-registration'].$post({ param: { eventId } })),
  onSuccess: invalidateMyRegistrations,
});

/** The member's withdrawal: cancel a paid registration and get the money back (card, PIX). */
export const refundRegistrationMutation = mutationOptions({
  mutationFn: (registrationId: string) =>
    unwrap(apiClient().v1.registrations[':id'].refund.$post({ param: { id: registrationId } })),
  onSuccess: invalidateMyRegistrations,
});
