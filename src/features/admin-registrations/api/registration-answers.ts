/** A registration's answers as staff see them (sensitive ones with read_sensitive) and staff's edit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answers } from '../../../domain/questions.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

const key = (registrationId: string) => ['admin-registration-answers', registrationId] as const;

export function useRegistrationAnswers(registrationId: string) {
  return useQuery({
    queryKey: key(registrationId),
    queryFn: () =>
      unwrap(apiClient().v1.admin.registrations[':id'].answers.$get({ param: { id: registrationId } })),
  });
}

export function useSaveRegistrationAnswers(registrationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) =>
      unwrap(
        apiClient().v1.admin.registrations[':id'].answers.$put({
          param: { id: registrationId },
          json: { answers },
        }),
      ),
    onSuccess: (answer) => client.setQueryData(key(registrationId), answer),
  });
}

/** POST /v1/admin/registrations/:id/guardian: a paper authorization; the answers are read again. */
export function useRecordPaperConsent(registrationId: string) {
  const client = useQueryClient();
  return async () => {
    await unwrap(apiClient().v1.admin.registrations[':id'].guardian.$post({ param: { id: registrationId } }));
    await client.invalidateQueries({ queryKey: key(registrationId) });
  };
}
