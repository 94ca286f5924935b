import { createFileRoute, redirect } from '@tanstack/react-router';
import { staffMessages } from '../../../domain/messages/staff.ts';
import type { Permission } from '../../../domain/types.ts';
import { StaffHome } from '../../../features/shell/staff-home.tsx';
import { getCurrentSession, useSessionStore } from '../../../lib/session.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

// one empty list: a new [] per store read would be a new snapshot each render (an endless re-render
// while the person's permissions are still loading)
const NO_PERMISSIONS: readonly Permission[] = [];

/** `/admin`: the staff's tools for the signed-in person's permissions. */
export const Route = createFileRoute('/_main/admin/')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession()))
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
  },
  component: function Page() {
    const permissions = useSessionStore((s) => s.me?.permissions ?? NO_PERMISSIONS);
    return (
      <>
        <PageTitle name={staffMessages.homeTitle} />
        <StaffHome permissions={permissions} />
      </>
    );
  },
});
