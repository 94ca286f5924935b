import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../../domain/privacy.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { loadMe } from '../../../lib/session.ts';
import { consentsQuery } from './consents.ts';

/** PATCH /v1/me/profile; the session's profile and the consents are read again. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: ProfileUpdateInput) => unwrap(apiClient().v1.me.profile.$patch({ json })),
    onSuccess: async () => {
      await loadMe();
      await client.invalidateQueries({ queryKey: consentsQuery().queryKey });
    },
  });
}
