/** `/all` Todos os eventos: month by month, from `from` to `to` (São Paulo months). */
import { useCallback, useEffect, useState } from 'react';
import { useMonthEvents } from '../../data/events/use-events.ts';
import { formatMonthTitle, monthsBetween } from '../../domain/dates.ts';
import { eventMessages } from '../../domain/messages.ts';
import { useOnlineStatus } from '../../lib/session.ts';
import { EventList } from './components/event-list.tsx';
import { EventOverlayHost } from './components/overlay-host.tsx';
import { CardSkeletons, SyncBanner } from './components/states.tsx';
import './events.css';

interface AllEventsScreenProps {
  from: string;
  to: string;
  onLoadPrevious(): void;
  onLoadNext(): void;
}

export function AllEventsScreen({ from, to, onLoadPrevious, onLoadNext }: AllEventsScreenProps) {
  const months = monthsBetween(from, to);
  const online = useOnlineStatus();
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const settle = useCallback(
    (month: string) => setSettled((prev) => (prev.has(month) ? prev : new Set(prev).add(month))),
    [],
  );
  // Once shown, the button stays (new months load below it only after a click).
  const [shown, setShown] = useState(false);
  const allSettled = months.every((m) => settled.has(m));
  useEffect(() => {
    if (allSettled) setShown(true);
  }, [allSettled]);
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
        <MonthSection key={month} month={month} eagerFirst={i === 0} onSettled={settle} />
      ))}
      {/* Shown once the first months have their content, so it never jumps when data arrives. */}
      {shown && (
        <p className="month-nav">
          <button type="button" className="button button-secondary" onClick={onLoadNext}>
            {eventMessages.laterEvents}
          </button>
        </p>
      )}
      <EventOverlayHost />
    </div>
  );
}

function MonthSection({
  month,
  eagerFirst,
  onSettled,
}: {
  month: string;
  eagerFirst: boolean;
  onSettled(month: string): void;
}) {
  const { data, fetched, status, view, retry } = useMonthEvents(month);
  const online = useOnlineStatus();
  const titleId = `month-${month}`;
  // Skeleton until the month's first answer (see the home screen).
  const waiting = view === 'loading';
  useEffect(() => {
    if (!waiting) onSettled(month);
  }, [waiting, month, onSettled]);
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
      ) : data?.length ? (
        <EventList events={data} eagerFirst={eagerFirst} />
      ) : (
        (fetched || status.phase === 'ok') && <p className="empty-state">{eventMessages.noEventsInMonth}</p>
      )}
    </section>
  );
}
