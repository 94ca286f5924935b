import { createFileRoute } from '@tanstack/react-router';
import { checkinMessages } from '../../../domain/messages/checkin.ts';
import { CheckinScreen } from '../../../features/checkin/checkin-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requireSignIn } from '../../-require-sign-in.ts';

/**
 * `/admin/checkin` (permission checkin): the door. Signed-in only; the screen shows itself to a
 * holder of `checkin` (read from the kept `me`, so it opens offline) and the API checks it again.
 */
export const Route = createFileRoute('/_main/admin/checkin')({
  beforeLoad: ({ location }) => requireSignIn(location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name={checkinMessages.title} />
        <CheckinScreen />
      </>
    );
  },
});
