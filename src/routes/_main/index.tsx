import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/events/home-screen.tsx';
import { eventOverlaySearch } from '../../features/events/use-event-overlay.ts';

/** `/` Próximos Eventos (`?event=<id>` opens the details overlay). */
export const Route = createFileRoute('/_main/')({
  validateSearch: eventOverlaySearch,
  component: HomeScreen,
});
