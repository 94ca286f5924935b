import { createFileRoute } from '@tanstack/react-router';
import { AdminRegistrationsScreen } from '../../../features/admin-registrations/admin-registrations-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requirePermission } from '../../-require-permission.ts';

/** `/admin/registrations` 'Inscrições': the staff payment review (read_confirmations). */
export const Route = createFileRoute('/_main/admin/registrations')({
  beforeLoad: ({ location }) => requirePermission('read_confirmations', location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name="Inscrições" />
        <AdminRegistrationsScreen />
      </>
    );
  },
});
