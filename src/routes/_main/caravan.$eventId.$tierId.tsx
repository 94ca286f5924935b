import { createFileRoute } from '@tanstack/react-router';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { CaravanScreen } from '../../features/caravans/caravan-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { requireSignIn } from '../-require-sign-in.ts';

// A caravan needs a signed-in leader: a guest goes to the login, and comes back here.
export const Route = createFileRoute('/_main/caravan/$eventId/$tierId')({
  beforeLoad: ({ location }) => requireSignIn(location.href, 'checkout'),
  component: function Page() {
    const { eventId, tierId } = Route.useParams();
    return (
      <>
        <PageTitle name={caravanMessages.title} />
        <CaravanScreen key={`${eventId}/${tierId}`} eventId={eventId} tierId={tierId} />
      </>
    );
  },
});
