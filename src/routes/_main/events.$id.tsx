import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../../features/events/event-page.tsx';
import { eventOverlaySearch } from '../../features/events/use-event-overlay.ts';

/** `/events/:id` Event page (`?event=<id>` opens the details overlay). */
export const Route = createFileRoute('/_main/events/$id')({
  validateSearch: eventOverlaySearch,
  component: EventRoute,
});

function EventRoute() {
  const { id } = Route.useParams();
  return <EventPage key={id} id={id} />;
}
