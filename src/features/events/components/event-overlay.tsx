/**
 * The event details overlay (slide-over): title, start date, header image, 'Editar evento',
 * tiers under 'Inscrições', description, 'Presenças Confirmadas', 'Detalhes' with the map.
 * Loaded on demand (it carries DOMPurify), preloaded when the browser is idle.
 */
import { useId } from 'react';
import { useEvent } from '../../../data/events/use-events.ts';
import { useHasPermission } from '../../../data/use-me.ts';
import { formatDateTime, formatLongDateTime } from '../../../domain/dates.ts';
import { apiErrors, eventMessages } from '../../../domain/messages.ts';
import { policyLines } from '../../../domain/policy.ts';
import type { EventDetail } from '../../../domain/types.ts';
import { imageUrl } from '../../../lib/config.ts';
import { Sheet } from '../../../ui/sheet.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useScrollLock } from '../use-scroll-lock.ts';
import { AppLink } from './app-link.tsx';
import { CloseBar } from './close-button.tsx';
import { Description } from './description.tsx';
import { TagChips } from './tag-chips.tsx';
import { TierList } from './tier-list.tsx';
import { VenueMap } from './venue-map.tsx';

export default function EventOverlay({ id, onClose }: { id: string; onClose(): void }) {
  const { data: event, fetched, status, retry } = useEvent(id);
  const titleId = useId();
  useScrollLock();
  let body: React.ReactNode;
  if (event) body = <EventDetails event={event} titleId={titleId} />;
  else {
    let message: React.ReactNode = <Spinner label={eventMessages.loading} />;
    if (event === null && status.phase === 'not-found') message = <p>{apiErrors.EVENT_NOT_FOUND}</p>;
    else if (event === null && status.phase === 'offline') message = <p>{eventMessages.offline}</p>;
    else if (event === null && (status.phase === 'error' || (fetched && status.phase === 'ok'))) {
      message = (
        <>
          <p>{eventMessages.loadFailed}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {eventMessages.retry}
          </button>
        </>
      );
    }
    body = (
      <div className="overlay-message">
        <h2 id={titleId} className="visually-hidden">
          {eventMessages.details}
        </h2>
        {message}
      </div>
    );
  }
  return (
    <Sheet open labelledBy={titleId} onClose={onClose} side="right" className="event-sheet">
      <CloseBar onClick={onClose} label={eventMessages.close} />
      {body}
    </Sheet>
  );
}

function EventDetails({ event, titleId }: { event: EventDetail; titleId: string }) {
  const canEdit = useHasPermission('write_events');
  const src = imageUrl(event.image);
  const venue = event.venues[0];
  const details = (event.details ?? '')
    .split(/\r?\n|,/)
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <article className="event-overlay">
      <header className="overlay-header">
        {src ? (
          <img className="overlay-image" src={src} alt="" width={640} height={360} decoding="async" />
        ) : (
          <div className="overlay-image event-card-placeholder" aria-hidden="true" />
        )}
        <div className="overlay-heading">
          <h2 id={titleId}>{event.title}</h2>
          <p className="overlay-date">
            <time dateTime={event.starts_at}>{formatLongDateTime(event.starts_at)}</time>
          </p>
          <TagChips tags={event.tags} />
          {canEdit && (
            <AppLink
              className="button button-secondary button-small"
              href={`/admin/events/${event.id}?backToEvent=true`}
            >
              {eventMessages.editEvent}
            </AppLink>
          )}
        </div>
      </header>

      {event.registration_policy !== 'open' && event.pricing_tiers.length > 0 && (
        <section className="overlay-section" aria-labelledby={`${titleId}-tiers`}>
          <h3 id={`${titleId}-tiers`}>{eventMessages.registrations}</h3>
          <TierList
            eventId={event.id}
            tiers={event.pricing_tiers}
            allowedMethods={event.allowed_payment_methods}
          />
        </section>
      )}

      {event.description && (
        <section className="overlay-section">
          <Description html={event.description} />
        </section>
      )}

      {event.speakers.length > 0 && (
        <section className="overlay-section" aria-labelledby={`${titleId}-speakers`}>
          <h3 id={`${titleId}-speakers`}>{eventMessages.speakers}</h3>
          <ul className="speaker-list">
            {event.speakers.map((s) => {
              const photo = imageUrl(s.image);
              return (
                <li key={s.id} className="speaker">
                  {photo ? (
                    <img src={photo} alt="" width={56} height={56} loading="lazy" decoding="async" />
                  ) : (
                    <span className="speaker-initial" aria-hidden="true">
                      {s.name.charAt(0)}
                    </span>
                  )}
                  <div>
                    <p className="speaker-name">{s.name}</p>
                    {s.details && <p className="speaker-details">{s.details}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section className="overlay-section" aria-labelledby={`${titleId}-details`}>
        <h3 id={`${titleId}-details`}>{eventMessages.details}</h3>
        <ul className="policy-list" aria-label={eventMessages.policy}>
          {policyLines(event).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {details.length > 0 && (
          <ul className="details-list">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
        <dl className="details-facts">
          <div>
            <dt>{eventMessages.date}</dt>
            <dd>
              <time dateTime={event.starts_at}>{formatDateTime(event.starts_at)}</time>
            </dd>
          </div>
          {venue && (
            <div>
              <dt>{eventMessages.address}</dt>
              <dd>
                {venue.name}
                {venue.address && (
                  <>
                    <br />
                    {venue.address}
                  </>
                )}
              </dd>
            </div>
          )}
          {venue?.room && (
            <div>
              <dt>{eventMessages.room}</dt>
              <dd>{venue.room}</dd>
            </div>
          )}
        </dl>
        <VenueMap venue={venue} />
      </section>
    </article>
  );
}
