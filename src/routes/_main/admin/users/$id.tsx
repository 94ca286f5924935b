import { createFileRoute } from '@tanstack/react-router';
import { staffMessages } from '../../../../domain/messages/staff.ts';
import { PersonScreen } from '../../../../features/admin-users/person-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';

/** `/admin/users/:id`: a person's page (read_confirmations; roles and the audit for admins). */
export const Route = createFileRoute('/_main/admin/users/$id')({
  beforeLoad: ({ location }) => requirePermission('read_confirmations', location.href),
  component: function Page() {
    const { id } = Route.useParams();
    return (
      <>
        <PageTitle name={staffMessages.usersTitle} />
        <PersonScreen id={id} />
      </>
    );
  },
});
