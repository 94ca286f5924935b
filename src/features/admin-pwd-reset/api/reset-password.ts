/** POST /v1/admin/pwd-reset: a new password for the person with this e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { PwdResetBody } from '../../../domain/staff.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export function useResetPassword() {
  return useMutation({
    mutationFn: (json: PwdResetBody) => unwrap(apiClient().v1.admin['pwd-reset'].$post({ json })),
  });
}
