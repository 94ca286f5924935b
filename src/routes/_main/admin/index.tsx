import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '../../../data/use-me.ts';
import { staffMessages } from '../../../domain/messages/staff.ts';
import type { Permission } from '../../../domain/types.ts';
import { StaffHome } from '../../../features/shell/staff-home.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requireSignIn } from '../../-require-sign-in.ts';

// one empty list while the person's permissions are still loading
const NO_PERMISSIONS: readonly Permission[] = [];

/** `/admin`: the staff's tools for the signed-in person's permissions. */
export const Route = createFileRoute('/_main/admin/')({
  beforeLoad: ({ location }) => requireSignIn(location.href),
  component: function Page() {
    const permissions = useMe().me?.permissions ?? NO_PERMISSIONS;
    return (
      <>
        <PageTitle name={staffMessages.homeTitle} />
        <StaffHome permissions={permissions} />
      </>
    );
  },
});
