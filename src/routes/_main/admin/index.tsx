import { createFileRoute, redirect } from '@tanstack/react-router';
import { staffMessages } from '../../../domain/messages/staff.ts';
import { StaffHome } from '../../../features/shell/staff-home.tsx';
import { getCurrentSession, useSessionStore } from '../../../lib/session.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

/** `/admin`: the staff's tools for the signed-in person's permissions. */
export const Route = createFileRoute('/_main/admin/')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession()))
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
  },
  component: function Page() {
    const permissions = useSessionStore((s) => s.me?.permissions ?? []);
    return (
      <>
        <PageTitle name={staffMessages.homeTitle} />
        <StaffHome permissions={permissions} />
      </>
    );
  },
});
