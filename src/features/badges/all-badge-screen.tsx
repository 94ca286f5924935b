import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { formatDate } from '../../domain/dates.ts';
import { badgeMessages as m } from '../../domain/messages/reports.ts';
import { answerText } from '../../domain/questions.ts';
import { badgeQrContent, badgeSheets } from '../../domain/reports.ts';
import { ApiFailure } from '../../lib/api.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { badgeEventsQuery } from './api/badge-events.ts';
import { eventBadgesQuery } from './api/event-badges.ts';
import { BadgeCard, qrsDrawn } from './badge-card.tsx';
import './badges.css';

export interface AllBadgeScreenProps {
  eventId: string | null;
  onEventChange(eventId: string | null): void;
}

/**
 * `/admin/all-badge?event={id}`: the badges of an event's paid registrations on A4 sheets, 8 a
 * sheet (2 × 4 of 100 × 70 mm).
 * When every QR is drawn it opens the print dialog once; 'Imprimir' opens it again.
 */
export function AllBadgeScreen({ eventId, onEventChange }: AllBadgeScreenProps) {
  const id = useId();
  const events = useQuery(badgeEventsQuery());
  return (
    <main className="badge-print-root badge-sheets">
      <div className="badge-toolbar">
        <h1>{m.sheetTitle}</h1>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-event`}>
            {m.eventLabel}
          </label>
          <select
            id={`${id}-event`}
            className="input"
            value={eventId ?? ''}
            onChange={(e) => onEventChange(e.target.value || null)}
          >
            <option value="">{m.eventPlaceholder}</option>
            {eventId && !events.data?.some((e) => e.id === eventId) && (
              <option value={eventId}>{eventId}</option>
            )}
            {(events.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.title} ({formatDate(e.starts_at)})
              </option>
            ))}
          </select>
        </div>
      </div>
      {eventId && <Sheets key={eventId} eventId={eventId} />}
    </main>
  );
}

function Sheets({ eventId }: { eventId: string }) {
  const badges = useQuery(eventBadgesQuery(eventId));
  const root = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const count = badges.data?.badges.length ?? 0;

  useEffect(() => {
    if (!count) return;
    let live = true;
    const timer = setInterval(() => {
      const el = root.current;
      if (!el || printed.current) return;
      void qrsDrawn(el, count).then((drawn) => {
        if (!drawn || !live || printed.current) return;
        printed.current = true;
        clearInterval(timer);
        window.print();
      });
    }, 150);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [count]);

  if (badges.isPending) return <Spinner />;
  if (badges.isError) {
    return (
      <p className="badge-toolbar" role="alert">
        {badges.error instanceof ApiFailure ? badges.error.message : m.loadError}
      </p>
    );
  }
  const sheets = badgeSheets(badges.data.badges);
  if (!sheets.length) {
    return (
      <p className="badge-toolbar" role="status">
        {m.empty}
      </p>
    );
  }
  return (
    <>
      <div className="badge-toolbar badge-toolbar-row">
        <p role="status">
          {m.count(count)} · {m.pages(sheets.length)}
        </p>
        <button type="button" className="button" onClick={() => window.print()}>
          {m.print}
        </button>
      </div>
      <div ref={root}>
        {sheets.map((sheet, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print
          <section key={i} className="badge-page" data-testid="badge-page" aria-label={`${i + 1}`}>
            {sheet.map((b) => (
              <BadgeCard
                key={b.registration_id}
                name={b.name}
                temple={b.temple_name}
                qr={badgeQrContent(b.registration_id)!}
                caption={badges.data.event.title}
                answer={
                  b.badge_answer
                    ? `${b.badge_answer.label}: ${answerText(b.badge_answer.kind, b.badge_answer.value)}`
                    : undefined
                }
              />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
