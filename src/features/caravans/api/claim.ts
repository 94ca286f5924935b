/** The claim page's read and write: a caravan ticket made for this account's e-mail. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { refreshMyRegistrationsAfterWrite } from '../../../data/registrations/refresh.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export function useClaimable(registrationId: string) {
  return useQuery({
    queryKey: ['claimable', registrationId],
    queryFn: () => unwrap(apiClient().v1.registrations[':id'].claim.$get({ param: { id: registrationId } })),
    retry: false,
  });
}

export function useClaim(registrationId: string) {
  return useMutation({
    mutationFn: async () => {
      const answer = await unwrap(
        apiClient().v1.registrations[':id'].claim.$post({ param: { id: registrationId } }),
      );
      await refreshMyRegistrationsAfterWrite();
      return answer;
    },
  });
}
