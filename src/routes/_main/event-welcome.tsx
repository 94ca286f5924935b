import { createFileRoute } from '@tanstack/react-router';
import { EventWelcomeScreen } from '../../features/checkin/event-welcome-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/event-welcome`: shown after a successful check-in. */
export const Route = createFileRoute('/_main/event-welcome')({
  component: function Page() {
    return (
      <>
        <PageTitle name="Boas-vindas" />
        <EventWelcomeScreen />
      </>
    );
  },
});
