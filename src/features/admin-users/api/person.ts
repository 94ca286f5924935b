/** GET /v1/admin/users/:id: a person's profile, registrations with attempts, roles (and, for admins, the audit). */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const personQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin-users', 'person', id] as const,
    queryFn: () => unwrap(apiClient().v1.admin.users[':id'].$get({ param: { id } })),
    retry: false,
  });
