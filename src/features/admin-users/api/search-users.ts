/** GET /v1/admin/users/search: one page of the user search (20 rows). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export interface UserSearchParams {
  q: string;
  temple: string;
  page: number;
}

export const searchUsersQuery = ({ q, temple, page }: UserSearchParams) =>
  queryOptions({
    queryKey: ['admin-users', 'search', q, temple, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        apiClient().v1.admin.users.search.$get(
          { query: { q, temple_id: temple, page: String(page) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
