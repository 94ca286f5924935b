import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { ProfileScreen } from '../../features/profile/profile-screen.tsx';
import { getCurrentSession } from '../../lib/session.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_main/profile')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession())) {
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
    }
  },
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.profile} />
        <ProfileScreen />
      </>
    );
  },
});
