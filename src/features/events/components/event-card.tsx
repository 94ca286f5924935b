/** An event card: image, calendar badge, title, date and place, tag chips, 'Participar'. */
import type { MouseEvent } from 'react';
import { dateBadge, formatLongDateTime } from '../../../domain/dates.ts';
import { eventMessages } from '../../../domain/messages.ts';
import type { EventDetail } from '../../../domain/types.ts';
import { externalRedirectOf } from '../../../domain/urls.ts';
import { imageUrl } from '../../../lib/config.ts';
import { overlayIntentProps } from './overlay-loader.ts';
import { TagChips, VenueName } from './tag-chips.tsx';

interface EventCardProps {
  event: Pick<EventDetail, 'id' | 'title' | 'image' | 'starts_at' | 'external_redirect' | 'tags' | 'venues'>;
  href: string;
  onOpen(id: string): void;
  onJoin(event: EventCardProps['event']): void;
  /** Above the fold: load the image eagerly and with high priority. */
  eager?: boolean;
  live?: boolean;
}

const isPlainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function EventCard({ event, href, onOpen, onJoin, eager = false, live = false }: EventCardProps) {
  const badge = dateBadge(event.starts_at);
  const src = imageUrl(event.image);
  const venue = event.venues[0];
  return (
    <article className={`event-card${live ? ' event-card-live' : ''}`}>
      <a
        className="event-card-link"
        href={href}
        {...overlayIntentProps}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onOpen(event.id);
        }}
      >
        <div className="event-card-media">
          {src ? (
            <img
              src={src}
              alt=""
              width={640}
              height={360}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={eager ? 'high' : 'auto'}
            />
          ) : (
            <div className="event-card-placeholder" aria-hidden="true" />
          )}
          <span className="date-badge" aria-hidden="true">
            <span className="date-badge-month">{badge.month}</span>
            <span className="date-badge-day">{badge.day}</span>
            <span className="date-badge-weekday">{badge.weekday}</span>
          </span>
          {live && <span className="live-pill">{eventMessages.happeningNow}</span>}
        </div>
        <div className="event-card-body">
          <h3 className="event-card-title">{event.title}</h3>
          <p className="event-card-meta">
            <time dateTime={event.starts_at}>{formatLongDateTime(event.starts_at)}</time>
            {venue && <VenueName name={venue.name} />}
          </p>
        </div>
      </a>
      <div className="event-card-footer">
        <TagChips tags={event.tags} />
        <button
          type="button"
          className="button button-small"
          {...overlayIntentProps}
          onClick={() => onJoin(event)}
          aria-label={`${eventMessages.join}: ${event.title}${externalRedirectOf(event) ? ` (${eventMessages.externalLink})` : ''}`}
        >
          {eventMessages.join}
        </button>
      </div>
    </article>
  );
}
