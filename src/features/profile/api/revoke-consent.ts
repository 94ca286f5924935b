import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQuery } from '../../../data/me-query.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { useSessionStore } from '../../../lib/session.ts';
import { consentsQuery } from './consents.ts';

/** POST /v1/me/consents/congregation/revoke: the congregation leaves the profile. */
export function useRevokeConsent() {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.session?.user.id ?? '');
  return useMutation({
    mutationFn: () => unwrap(apiClient().v1.me.consents.congregation.revoke.$post()),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meQuery(userId).queryKey });
      await client.invalidateQueries({ queryKey: consentsQuery(userId).queryKey });
    },
  });
}
