/**
 * `/events/:id` Event page: header image, title and date, a button to the details and tiers,
 * sub-events that can be joined, and the event files (signed in). The check-in section (QR of the
 * registration, and the check-in overlay when it is time) is CheckinSection.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useEvent } from '../../data/events/use-events.ts';
import { useHasPermission } from '../../data/use-me.ts';
import { compareIso, dateBadge, formatLongDateTime } from '../../domain/dates.ts';
import { apiErrors, eventMessages } from '../../domain/messages.ts';
import { pageNames } from '../../domain/page-title.ts';
import type { EventSummary } from '../../domain/types.ts';
import { imageUrl } from '../../lib/config.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AppLink } from './components/app-link.tsx';
import { EventOverlayHost } from './components/overlay-host.tsx';
import { overlayIntentProps } from './components/overlay-loader.ts';
import { SyncBanner } from './components/states.tsx';
import { TagChips, VenueName } from './components/tag-chips.tsx';
import { useEventOverlay } from './use-event-overlay.ts';
import { useJoinEvent } from './use-join-event.ts';
import './events.css';

// the files list (a sheet, signed links) loads after the page's first paint: ≈ 1 KiB less before it
const EventFiles = lazy(() =>
  import('./components/event-files.tsx').then((m) => ({ default: m.EventFiles })),
);

// Only a member with a paid registration sees it (ticket QR, check-in overlay): guests never load it.
const CheckinSection = lazy(() =>
  import('./components/checkin-section.tsx').then((m) => ({ default: m.CheckinSection })),
);

export function EventPage({ id }: { id: string }) {
  const { data: event, fetched, status, retry } = useEvent(id);
  const { open } = useEventOverlay();
  const canEdit = useHasPermission('write_events');
  const signedIn = useIsSignedIn();

  if (!event) {
    const notFound = event === null && status.phase === 'not-found';
    const failed = event === null && (status.phase === 'offline' || status.phase === 'error' || fetched);
    return (
      <div className={notFound || failed ? 'events-page' : 'events-page event-page'}>
        <PageTitle name={notFound ? pageNames.eventNotFound : pageNames.event} />
        {notFound ? (
          <div className="empty-state">
            <h1>{apiErrors.EVENT_NOT_FOUND}</h1>
            <Link to="/" className="button">
              {eventMessages.backToEvents}
            </Link>
          </div>
        ) : failed ? (
          <SyncBanner
            status={status.phase === 'ok' ? { phase: 'error' } : status}
            hasData={false}
            retry={retry}
          />
        ) : (
          <EventHeroSkeleton />
        )}
      </div>
    );
  }

  const src = imageUrl(event.image);
  const venue = event.venues[0];
  return (
    <div className="events-page event-page">
      <PageTitle name={event.title} />
      <SyncBanner status={status} hasData retry={retry} />
      <header className="event-hero">
        {src ? (
          <img className="event-hero-image" src={src} alt="" width={960} height={540} fetchPriority="high" />
        ) : (
          <div className="event-hero-image event-card-placeholder" aria-hidden="true" />
        )}
        <div className="event-hero-text">
          <h1>{event.title}</h1>
          <p className="overlay-date">
            <time dateTime={event.starts_at}>{formatLongDateTime(event.starts_at)}</time>
            {venue && <VenueName name={venue.name} />}
          </p>
          <TagChips tags={event.tags} />
          <div className="event-hero-actions">
            <button type="button" className="button" onClick={() => open(event.id)} {...overlayIntentProps}>
              {eventMessages.openDetails}
            </button>
            {canEdit && (
              <AppLink
                className="button button-secondary"
                href={`/admin/events/${event.id}?backToEvent=true`}
              >
                {eventMessages.editEvent}
              </AppLink>
            )}
          </div>
        </div>
      </header>

      {signedIn && (
        <Suspense fallback={null}>
          <CheckinSection event={event} />
        </Suspense>
      )}

      {event.child_events.length > 0 && (
        <section className="page-section" aria-labelledby="sub-events-title">
          <h2 id="sub-events-title">{eventMessages.subEvents}</h2>
          <SubEvents events={event.child_events} />
        </section>
      )}

      {event.files.length > 0 && (
        <section className="page-section" aria-labelledby="files-title">
          <h2 id="files-title">{eventMessages.files}</h2>
          <Suspense fallback={null}>
            <EventFiles eventId={event.id} files={event.files} />
          </Suspense>
        </section>
      )}
      <EventOverlayHost />
    </div>
  );
}

/** The hero's place while the event loads (same boxes as the real hero: nothing moves when it arrives). */
function EventHeroSkeleton() {
  return (
    <header className="event-hero" aria-busy="true">
      <div className="event-hero-image skeleton" aria-hidden="true" />
      <div className="event-hero-text">
        <Spinner label={eventMessages.loading} />
      </div>
    </header>
  );
}

function SubEvents({ events }: { events: EventSummary[] }) {
  const join = useJoinEvent();
  const sorted = [...events].sort((a, b) => compareIso(a.starts_at, b.starts_at));
  return (
    <ul className="sub-events">
      {sorted.map((e) => {
        const badge = dateBadge(e.starts_at);
        const thumb = imageUrl(e.image);
        return (
          <li key={e.id} className="sub-event">
            {thumb ? (
              <img src={thumb} alt="" width={72} height={72} loading="lazy" decoding="async" />
            ) : (
              <span className="date-badge date-badge-inline" aria-hidden="true">
                <span className="date-badge-month">{badge.month}</span>
                <span className="date-badge-day">{badge.day}</span>
              </span>
            )}
            <div className="sub-event-text">
              <p className="sub-event-title">{e.title}</p>
              <p className="sub-event-date">
                <time dateTime={e.starts_at}>{formatLongDateTime(e.starts_at)}</time>
              </p>
            </div>
            <button
              type="button"
              className="button button-small"
              {...overlayIntentProps}
              onClick={() => join(e)}
              aria-label={`${eventMessages.join}: ${e.title}`}
            >
              {eventMessages.join}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
