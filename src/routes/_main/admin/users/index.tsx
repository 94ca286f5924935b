import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { staffMessages } from '../../../../domain/messages/staff.ts';
import type { UserSearchParams } from '../../../../features/admin-users/api/search-users.ts';
import { UsersScreen } from '../../../../features/admin-users/users-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?q=&temple=&page=`: anything else in the address is dropped, never an error. */
function usersSearch(search: Record<string, unknown>): UserSearchParams {
  const q = typeof search.q === 'string' ? search.q.slice(0, 100) : '';
  const temple = typeof search.temple === 'string' && UUID.test(search.temple) ? search.temple : '';
  const page = Number(search.page);
  return { q, temple, page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1 };
}

/** `/admin/users` 'Buscar Usuários' (read_confirmations). */
export const Route = createFileRoute('/_main/admin/users/')({
  validateSearch: usersSearch,
  beforeLoad: ({ location }) => requirePermission('read_confirmations', location.href),
  component: function Page() {
    const search = Route.useSearch();
    const navigate = useNavigate();
    const onSearch = useCallback(
      (next: UserSearchParams) => void navigate({ to: '/admin/users', search: next, replace: true }),
      [navigate],
    );
    return (
      <>
        <PageTitle name={staffMessages.usersTitle} />
        <UsersScreen search={search} onSearch={onSearch} />
      </>
    );
  },
});
