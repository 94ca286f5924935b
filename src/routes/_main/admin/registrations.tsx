import { createFileRoute } from '@tanstack/react-router';
import { AdminRegistrationsScreen } from '../../../features/admin-registrations/admin-registrations-screen.tsx';
import { requirePermissionForRoute } from '../../../lib/guards.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

/** `/admin/registrations` 'Inscrições': the staff payment review (read_confirmations). */
export const Route = createFileRoute('/_main/admin/registrations')({
  beforeLoad: ({ location }) => requirePermissionForRoute('read_confirmations', location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name="Inscrições" />
        <AdminRegistrationsScreen />
      </>
    );
  },
});
