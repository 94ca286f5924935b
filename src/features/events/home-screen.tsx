/** `/` Próximos Eventos: 'Acontecendo agora', then the general row, from the store first. */
import { Link } from '@tanstack/react-router';
import { useUpcomingEvents } from '../../data/events/use-events.ts';
import { useHasPermission } from '../../data/use-me.ts';
import { eventMessages } from '../../domain/messages.ts';
import { AppLink } from './components/app-link.tsx';
import { EventList } from './components/event-list.tsx';
import { EventOverlayHost } from './components/overlay-host.tsx';
import { CardSkeletons, SyncBanner } from './components/states.tsx';
import { homeRow, homeSections } from './home-sections.ts';
import { useNow } from './use-now.ts';
import './events.css';

export function HomeScreen() {
  const { data, fetched, status, view, retry } = useUpcomingEvents();
  const canCreate = useHasPermission('write_events');
  const now = useNow();

  const sections = data ? homeSections(data, now) : undefined;
  const row = homeRow({ general: sections?.general, view });

  return (
    <div className="events-page">
      <div className="page-title-row">
        <h1>{eventMessages.upcomingTitle}</h1>
        {canCreate && (
          <AppLink
            className="icon-button icon-button-primary"
            href="/admin/events/new"
            aria-label={eventMessages.createEvent}
            title={eventMessages.createEvent}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </AppLink>
        )}
      </div>
      <SyncBanner status={status} hasData={Boolean(data?.length) || fetched} retry={retry} />

      {sections && sections.happeningNow.length > 0 && (
        <section className="happening-now" aria-labelledby="happening-now-title">
          <h2 id="happening-now-title">
            <span className="live-dot" aria-hidden="true" />
            {eventMessages.happeningNow}
          </h2>
          <EventList events={sections.happeningNow} live eagerFirst />
        </section>
      )}

      {row === 'loading' && <CardSkeletons />}
      {row === 'events' && sections && (
        <section aria-label={eventMessages.upcomingTitle}>
          {/* Eager too under 'Acontecendo agora': on a phone this row's first image is still in the
              first screen, and being the larger one it is the page's largest paint. */}
          <EventList events={sections.general} eagerFirst />
        </section>
      )}
      {row === 'empty' && <p className="empty-state">{eventMessages.noEvents}</p>}

      <p className="page-more">
        <Link to="/all" className="button button-secondary">
          {eventMessages.seeAllEvents}
        </Link>
      </p>
      <EventOverlayHost />
    </div>
  );
}
