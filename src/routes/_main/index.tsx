import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { HomeScreen } from '../../features/events/home-screen.tsx';
import { eventOverlaySearch } from '../../features/events/use-event-overlay.ts';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/` Próximos Eventos (`?event=<id>` opens the details overlay). */
export const Route = createFileRoute('/_main/')({
  validateSearch: eventOverlaySearch,
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.upcoming} />
        <HomeScreen />
      </>
    );
  },
});
