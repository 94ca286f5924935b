/** POST /v1/admin/single-page-signup: the account (found or created) and its registration, in one go. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SinglePageSignupInput } from '../../../domain/staff.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export function useCreateSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: SinglePageSignupInput) =>
      unwrap(apiClient().v1.admin['single-page-signup'].$post({ json })),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin-signup'] }),
        client.invalidateQueries({ queryKey: ['admin-users'] }),
      ]),
  });
}
