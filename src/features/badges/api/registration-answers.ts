/** GET /v1/admin/registrations/:id/answers (read_confirmations): the single badge's chosen answer. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const badgeAnswersQuery = (registrationId: string) =>
  queryOptions({
    queryKey: ['badges', 'answers', registrationId],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.registrations[':id'].answers.$get(
          { param: { id: registrationId } },
          { init: { signal } },
        ),
      ),
    retry: false,
  });
