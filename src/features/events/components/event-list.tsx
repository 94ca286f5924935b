/** A grid of event cards wired to the overlay and the join flow. */
import type { EventDetail } from '../../../domain/types.ts';
import { useEventOverlay } from '../use-event-overlay.ts';
import { useJoinEvent } from '../use-join-event.ts';
import { EventCard } from './event-card.tsx';

export function EventList({
  events,
  live = false,
  eagerFirst = false,
}: {
  events: EventDetail[];
  live?: boolean;
  eagerFirst?: boolean;
}) {
  const { open, hrefFor } = useEventOverlay();
  const join = useJoinEvent();
  return (
    <ul className="event-grid">
      {events.map((event, i) => (
        <li key={event.id}>
          <EventCard
            event={event}
            href={hrefFor(event.id)}
            onOpen={open}
            onJoin={join}
            eager={eagerFirst && i === 0}
            live={live}
          />
        </li>
      ))}
    </ul>
  );
}
