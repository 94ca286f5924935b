import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { ProfileScreen } from '../../features/profile/profile-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { requireSignIn } from '../-require-sign-in.ts';

export const Route = createFileRoute('/_main/profile')({
  beforeLoad: ({ location }) => requireSignIn(location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.profile} />
        <ProfileScreen />
      </>
    );
  },
});
