import { createFileRoute, redirect } from '@tanstack/react-router';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { ClaimScreen } from '../../features/caravans/claim-screen.tsx';
import { getCurrentSession } from '../../lib/session.ts';
import { PageTitle } from '../../ui/page-title.tsx';

// A caravan guest's e-mail links here: signed in with that e-mail, the ticket moves to the account.
export const Route = createFileRoute('/_main/claim/$registrationId')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession())) {
      throw redirect({ to: '/auth/login', search: { reason: 'checkout', redirectTo: location.href } });
    }
  },
  component: function Page() {
    const { registrationId } = Route.useParams();
    return (
      <>
        <PageTitle name={caravanMessages.claimTitle} />
        <ClaimScreen registrationId={registrationId} />
      </>
    );
  },
});
