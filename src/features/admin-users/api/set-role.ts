/** PUT / DELETE /v1/admin/users/:id/roles/:role: an admin grants or revokes a seeded role. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeededRole } from '../../../domain/staff.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

export interface SetRoleInput {
  id: string;
  role: SeededRole;
  grant: boolean;
}

export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, grant }: SetRoleInput) => {
      const target = apiClient().v1.admin.users[':id'].roles[':role'];
      const param = { id, role };
      return unwrap(grant ? target.$put({ param }) : target.$delete({ param }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-users'] }),
  });
}
