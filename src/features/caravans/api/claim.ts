/** The claim page's read and writes: a caravan ticket made for this account's e-mail or CPF. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { invalidateMyRegistrations } from '../../../data/registrations/mutations.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/registrations/:id/claim: the ticket this account may take. */
export const claimableQuery = (registrationId: string) =>
  queryOptions({
    queryKey: ['claimable', registrationId] as const,
    queryFn: () => unwrap(apiClient().v1.registrations[':id'].claim.$get({ param: { id: registrationId } })),
    retry: false,
  });

/** POST /v1/registrations/:id/claim: takes it; the member's registrations are read again. */
export function useClaim(registrationId: string) {
  return useMutation({
    mutationFn: async () => {
      const answer = await unwrap(
        apiClient().v1.registrations[':id'].claim.$post({ param: { id: registrationId } }),
      );
      await invalidateMyRegistrations();
      return answer;
    },
  });
}

/** POST /v1/registrations/:id/release: the person named on it does not go with that caravan (their CPF is free). */
export function useRelease(registrationId: string) {
  return useMutation({
    mutationFn: async () => {
      const answer = await unwrap(
        apiClient().v1.registrations[':id'].release.$post({ param: { id: registrationId } }),
      );
      await invalidateMyRegistrations();
      return answer;
    },
  });
}
