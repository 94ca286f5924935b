/**
 * What the member does to their registrations online (checkout, receipt, voucher, cancel); each
 * refreshes the stored set afterwards so /my-registrations and the ticket show the new state, also
 * offline later. React-free. Failures throw the API's ApiFailure (code + pt-BR message).
 */
import type { CheckoutBody } from '../../domain/registrations.ts';
import { fetchApi } from '../api.ts';
import { refreshMyRegistrationsAfterWrite } from './refresh.ts';

export async function startCheckout(eventId: string, tierId: string, body: CheckoutBody) {
  const answer = await fetchApi((api) =>
    api.v1.checkout[':eventId'][':tierId'].$post({ param: { eventId, tierId }, json: body }),
  );
  await refreshMyRegistrationsAfterWrite();
  return answer[0]!;
}

export async function uploadReceipt(confirmationId: string, receipt: File) {
  const answer = await fetchApi((api) =>
    api.v1.confirmation[':id'].receipt.$post({ param: { id: confirmationId }, form: { receipt } }),
  );
  await refreshMyRegistrationsAfterWrite();
  return answer;
}

export async function applyVoucher(
  confirmationId: string,
  input: { voucher: string; eventId: string; tierId: string },
) {
  const answer = await fetchApi((api) =>
    api.v1.confirmation[':id'].voucher.$post({ param: { id: confirmationId }, json: input }),
  );
  await refreshMyRegistrationsAfterWrite();
  return answer;
}

export async function cancelRegistration(eventId: string) {
  const answer = await fetchApi((api) =>
    api.v1.registrations[':eventId']['cancel-registration'].$post({ param: { eventId } }),
  );
  await refreshMyRegistrationsAfterWrite();
  return answer;
}
