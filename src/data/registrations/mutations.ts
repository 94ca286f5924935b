/**
 * What the member does to their registrations online (checkout, receipt, voucher, cancel); each
 * then invalidates the member's data, which is fetched again at once (also when no screen shows
 * it), so /my-registrations and the ticket show the new state, also offline later. React-free.
 * Failures throw the API's ApiFailure (code + pt-BR message).
 */
import type { CheckoutBody } from '../../domain/registrations.ts';
import { apiClient, unwrap } from '../../lib/api.ts';
import { queryClient } from '../query-client.ts';

/** After the member changed a registration (here, or a payment elsewhere): their new state. */
export async function invalidateMyRegistrations(): Promise<void> {
  // a fetch in flight started before the change may answer without it: cancelled, and a new one asked
  await queryClient.cancelQueries({ queryKey: ['me'] });
  await queryClient.invalidateQueries({ queryKey: ['me'], refetchType: 'all' });
}

export async function startCheckout(eventId: string, tierId: string, body: CheckoutBody) {
  const answer = await unwrap(
    apiClient().v1.checkout[':eventId'][':tierId'].$post({ param: { eventId, tierId }, json: body }),
  );
  await invalidateMyRegistrations();
  return answer[0]!;
}

export async function uploadReceipt(confirmationId: string, receipt: File) {
  const answer = await unwrap(
    apiClient().v1.confirmation[':id'].receipt.$post({ param: { id: confirmationId }, form: { receipt } }),
  );
  await invalidateMyRegistrations();
  return answer;
}

export async function applyVoucher(
  confirmationId: string,
  input: { voucher: string; eventId: string; tierId: string },
) {
  const answer = await unwrap(
    apiClient().v1.confirmation[':id'].voucher.$post({ param: { id: confirmationId }, json: input }),
  );
  await invalidateMyRegistrations();
  return answer;
}

export async function cancelRegistration(eventId: string) {
  const answer = await unwrap(
    apiClient().v1.registrations[':eventId']['cancel-registration'].$post({ param: { eventId } }),
  );
  await invalidateMyRegistrations();
  return answer;
}

/** The member's withdrawal: cancel a paid registration and get the money back (card, PIX). */
export async function refundRegistration(registrationId: string) {
  const answer = await unwrap(
    apiClient().v1.registrations[':id'].refund.$post({ param: { id: registrationId } }),
  );
  await invalidateMyRegistrations();
  return answer;
}
