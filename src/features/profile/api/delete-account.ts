import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { signOutHere } from '../../../lib/session-end.ts';

/**
 * POST /v1/me/delete; the server ended every session, so this device only forgets its own (the
 * sign-out wipe of the member's local data runs as for any sign-out).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      await unwrap(apiClient().v1.me.delete.$post({ json: password ? { password } : {} }));
      await signOutHere();
    },
  });
}
