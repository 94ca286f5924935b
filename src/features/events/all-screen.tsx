/** `/all` Todos os eventos: month by month, from `from` to `to` (São Paulo months). */
import { useEffect } from 'react';
import { useMonthEvents } from '../../data/events/use-events.ts';
import { formatMonthTitle, monthsBetween } from '../../domain/dates.ts';
import { eventMessages } from '../../domain/messages.ts';
import { useOnlineStatus } from '../../lib/session.ts';
import { EventList } from './components/event-list.tsx';
import { EventOverlayHost, preloadEventOverlay } from './components/overlay-host.tsx';
import { CardSkeletons, SyncBanner } from './components/states.tsx';
import './events.css';

interface AllEventsScreenProps {
  from: string;
  to: string;
  onLoadPrevious(): void;
  onLoadNext(): void;
}

export function AllEventsScreen({ from, to, onLoadPrevious, onLoadNext }: AllEventsScreenProps) {
  useEffect(preloadEventOverlay, []);
  const months = monthsBetween(from, to);
  const online = useOnlineStatus();
  return (
    <div className="events-page">
      <div className="page-title-row">
        <h1>{eventMessages.allTitle}</h1>
      </div>
      {!online && (
        <p className="sync-banner" role="status">
          {eventMessages.offline}
        </p>
      )}
      <p className="month-nav">
        <button type="button" className="button button-secondary" onClick={onLoadPrevious}>
          {eventMessages.olderEvents}
        </button>
      </p>
      {months.map((month, i) => (
        <MonthSection key={month} month={month} eagerFirst={i === 0} />
      ))}
      <p className="month-nav">
        <button type="button" className="button button-secondary" onClick={onLoadNext}>
          {eventMessages.laterEvents}
        </button>
      </p>
      <EventOverlayHost />
    </div>
  );
}

function MonthSection({ month, eagerFirst }: { month: string; eagerFirst: boolean }) {
  const { data, fetched, status, retry } = useMonthEvents(month);
  const online = useOnlineStatus();
  const titleId = `month-${month}`;
  const waiting =
    !data || (!fetched && !data.length && (status.phase === 'idle' || status.phase === 'refreshing'));
  return (
    <section className="month-section" aria-labelledby={titleId} data-month={month}>
      <h2 id={titleId}>{formatMonthTitle(month)}</h2>
      <SyncBanner
        status={status}
        hasData={Boolean(data?.length) || fetched}
        retry={retry}
        showOffline={online && status.phase === 'offline'}
      />
      {waiting ? (
        <CardSkeletons count={1} />
      ) : data.length ? (
        <EventList events={data} eagerFirst={eagerFirst} />
      ) : (
        (fetched || status.phase === 'ok') && <p className="empty-state">{eventMessages.noEventsInMonth}</p>
      )}
    </section>
  );
}
