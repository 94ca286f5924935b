import { createFileRoute, redirect } from '@tanstack/react-router';
import { checkinMessages } from '../../../domain/messages/checkin.ts';
import { CheckinScreen } from '../../../features/checkin/checkin-screen.tsx';
import { getCurrentSession } from '../../../lib/session.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

/**
 * `/admin/checkin` (permission checkin): the door. Signed-in only; the screen shows itself to a
 * holder of `checkin` (read from the kept `me`, so it opens offline) and the API checks it again.
 */
export const Route = createFileRoute('/_main/admin/checkin')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession())) {
      throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
    }
  },
  component: function Page() {
    return (
      <>
        <PageTitle name={checkinMessages.title} />
        <CheckinScreen />
      </>
    );
  },
});
