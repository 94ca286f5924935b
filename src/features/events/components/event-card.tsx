/** An event card: image, calendar badge, title, date and place, tag chips, 'Participar'. */
import type { MouseEvent } from 'react';
import { chipColors } from '../../../domain/colors.ts';
import { dateBadge, formatLongDateTime } from '../../../domain/dates.ts';
import { eventMessages } from '../../../domain/messages.ts';
import type { EventDetail, Tag } from '../../../domain/types.ts';
import { imageUrl } from '../../../lib/config.ts';
import { overlayIntentProps } from './overlay-loader.ts';

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
          aria-label={`${eventMessages.join}: ${event.title}${event.external_redirect ? ` (${eventMessages.externalLink})` : ''}`}
        >
          {eventMessages.join}
        </button>
      </div>
    </article>
  );
}

export function TagChips({ tags }: { tags: Tag[] }) {
  if (!tags.length) return <span />;
  return (
    <ul className="tag-chips">
      {tags.map((t) => (
        <li key={t.id} className="tag-chip" style={chipColors(t.color)}>
          {t.name}
        </li>
      ))}
    </ul>
  );
}

/** The venue name with a pin icon. */
export function VenueName({ name }: { name: string }) {
  return (
    <span className="event-card-venue">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        />
      </svg>
      {name}
    </span>
  );
}
