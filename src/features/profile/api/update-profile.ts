import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQuery } from '../../../data/me-query.ts';
import type { ProfileUpdateInput } from '../../../domain/privacy.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { useSessionStore } from '../../../lib/session.ts';
import { consentsQuery } from './consents.ts';

/** PATCH /v1/me/profile; the session's profile and the consents are read again. */
export function useUpdateProfile() {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.session?.user.id ?? '');
  return useMutation({
    mutationFn: (json: ProfileUpdateInput) => unwrap(apiClient().v1.me.profile.$patch({ json })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meQuery(userId).queryKey });
      await client.invalidateQueries({ queryKey: consentsQuery(userId).queryKey });
    },
  });
}
