import { createFileRoute } from '@tanstack/react-router';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { ClaimScreen } from '../../features/caravans/claim-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { requireSignIn } from '../-require-sign-in.ts';

// A caravan guest's e-mail links here: signed in with that e-mail, the ticket moves to the account.
export const Route = createFileRoute('/_main/claim/$registrationId')({
  beforeLoad: ({ location }) => requireSignIn(location.href, 'checkout'),
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
