import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { loadMe } from '../../../lib/session.ts';
import { consentsQuery } from './consents.ts';

/** POST /v1/me/consents/congregation/revoke: the congregation leaves the profile. */
export function useRevokeConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(apiClient().v1.me.consents.congregation.revoke.$post()),
    onSuccess: async () => {
      await loadMe();
      await client.invalidateQueries({ queryKey: consentsQuery().queryKey });
    },
  });
}
