/** POST /v1/admin/registrations/:id/guardian (write_confirmations): the guardian signed on paper. */
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export function useRecordPaperConsent() {
  return useMutation({
    mutationFn: (registrationId: string) =>
      unwrap(apiClient().v1.admin.registrations[':id'].guardian.$post({ param: { id: registrationId } })),
  });
}
