import { createFileRoute } from '@tanstack/react-router';
import { staffMessages } from '../../../domain/messages/staff.ts';
import type { Permission } from '../../../domain/types.ts';
import { StaffHome } from '../../../features/shell/staff-home.tsx';
import { useSessionStore } from '../../../lib/session.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requireSignIn } from '../../-require-sign-in.ts';

// one empty list: a new [] per store read would be a new snapshot each render (an endless re-render
// while the person's permissions are still loading)
const NO_PERMISSIONS: readonly Permission[] = [];

/** `/admin`: the staff's tools for the signed-in person's permissions. */
export const Route = createFileRoute('/_main/admin/')({
  beforeLoad: ({ location }) => requireSignIn(location.href),
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
