import { createFileRoute, redirect } from '@tanstack/react-router';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { CaravanScreen } from '../../features/caravans/caravan-screen.tsx';
import { getCurrentSession } from '../../lib/session.ts';
import { PageTitle } from '../../ui/page-title.tsx';

// A caravan needs a signed-in leader: a guest goes to the login, and comes back here.
export const Route = createFileRoute('/_main/caravan/$eventId/$tierId')({
  beforeLoad: async ({ location }) => {
    if (!(await getCurrentSession())) {
      throw redirect({ to: '/auth/login', search: { reason: 'checkout', redirectTo: location.href } });
    }
  },
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
