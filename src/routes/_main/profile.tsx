import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/profile-screen.tsx';
import { getCurrentSession } from '../../lib/session.ts';

export const Route = createFileRoute('/_main/profile')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession())) {
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
    }
  },
  component: ProfileScreen,
});
