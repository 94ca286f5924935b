import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useState } from 'react';
import { useHasPermission } from '../../data/use-me.ts';
import { formatDate, formatDateTime } from '../../domain/dates.ts';
import { attendanceMessages } from '../../domain/messages/attendance.ts';
import { questionMessages } from '../../domain/messages/questions.ts';
import { reportsMessages as m } from '../../domain/messages/reports.ts';
import { answerText, isCountable } from '../../domain/questions.ts';
import { statusLabel } from '../../domain/registrations.ts';
import {
  attendeesCsv,
  attendeesCsvName,
  filterTemples,
  groupReportEvents,
  methodLabel,
  type ReportEvent,
  type ReportSummary,
  receivedPaymentsCsv,
  receivedPaymentsCsvName,
  regionalLabel,
  templeLabel,
  templesCsv,
  templesCsvName,
} from '../../domain/reports.ts';
import { ApiFailure } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import { reportAnswersQuery } from './api/report-answers.ts';
import { reportAttendeesQuery } from './api/report-attendees.ts';
import { reportEventsQuery } from './api/report-events.ts';
import { reportLocationsQuery } from './api/report-locations.ts';
import { reportSummaryQuery } from './api/report-summary.ts';
import { LoadingMessages } from './loading-messages.tsx';
import './reports.css';
import { pixMessages } from '../../domain/messages/pix.ts';
import { formatMoney } from '../../domain/money.ts';
import { reportPaymentsQuery } from './api/report-payments.ts';

// nivo and d3 load with the charts, after the numbers are on screen
const StatusPie = lazy(() => import('./charts.tsx').then((c) => ({ default: c.StatusPie })));
const CountBar = lazy(() => import('./charts.tsx').then((c) => ({ default: c.CountBar })));

/** Rows of the attendees drawn on screen; the CSV holds them all. */
const SHOWN_ROWS = 200;

/** The report filter's debounce. */
const FILTER_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const failure = (error: unknown) => (error instanceof ApiFailure ? error.message : m.loadError);

function ErrorState({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="report-state" role="alert">
      <p>{failure(error)}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {m.retry}
      </button>
    </div>
  );
}

export interface ReportsScreenProps {
  eventId: string | null;
  onEventChange(eventId: string | null): void;
}

/**
 * `/admin/reports` 'Relatório' (permission reports): choose an event (sub-events under their
 * parent), then its counts, the pie by status, the bar of paid registrations by regional, the
 * congregation table and the attendees of a regional or congregation, each table with its CSV.
 */
export function ReportsScreen({ eventId, onEventChange }: ReportsScreenProps) {
  const id = useId();
  const events = useQuery(reportEventsQuery());
  return (
    <section className="reports" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.title}</h1>
      {events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <div className="field report-event">
          <label className="field-label" htmlFor={`${id}-event`}>
            {m.eventLabel}
          </label>
          <select
            id={`${id}-event`}
            className="input"
            value={eventId ?? ''}
            disabled={events.isPending}
            onChange={(e) => onEventChange(e.target.value || null)}
          >
            <option value="">{events.isPending ? m.loading : m.eventPlaceholder}</option>
            {groupReportEvents(events.data ?? []).map(({ event, children }) =>
              children.length ? (
                <optgroup key={event.id} label={event.title}>
                  <EventOption event={event} label={m.mainEvent(event.title)} />
                  {children.map((child) => (
                    <EventOption key={child.id} event={child} />
                  ))}
                </optgroup>
              ) : (
                <EventOption key={event.id} event={event} />
              ),
            )}
          </select>
          {events.data?.length === 0 && <p className="report-muted">{m.noEvents}</p>}
        </div>
      )}
      {eventId && <EventReport key={eventId} eventId={eventId} />}
    </section>
  );
}

function EventOption({ event, label }: { event: ReportEvent; label?: string }) {
  return (
    <option value={event.id}>
      {label ?? event.title} ({formatDate(event.starts_at)})
    </option>
  );
}

function EventReport({ eventId }: { eventId: string }) {
  const summary = useQuery(reportSummaryQuery(eventId));
  const canPrint = useHasPermission('read_confirmations');
  if (summary.isPending) return <LoadingMessages />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const report = summary.data;
  return (
    <>
      <dl className="report-counts">
        <div>
          <dt>{m.temples}</dt>
          <dd data-testid="count-congregations">{report.congregations}</dd>
        </div>
        <div>
          <dt>{m.participants}</dt>
          <dd data-testid="count-participants">{report.participants}</dd>
        </div>
        <div>
          <dt>{m.registrations}</dt>
          <dd data-testid="count-registrations">{report.registrations}</dd>
        </div>
      </dl>
      {report.money && (
        <dl className="report-counts report-money" aria-label={m.moneyTitle}>
          <div>
            <dt>{m.received}</dt>
            <dd data-testid="money-received">{formatMoney(report.money.received)}</dd>
          </div>
          <div>
            <dt>{m.refunded}</dt>
            <dd data-testid="money-refunded">{formatMoney(report.money.refunded)}</dd>
          </div>
          <div>
            <dt>{m.net}</dt>
            <dd data-testid="money-net">{formatMoney(report.money.net)}</dd>
          </div>
        </dl>
      )}
      <PaymentsCsvButton eventId={eventId} eventTitle={report.event.title} />
      <p className="report-actions">
        <Link to="/admin/events/$id/presenca" params={{ id: eventId }} className="button button-secondary">
          {attendanceMessages.open}
        </Link>
      </p>
      {canPrint && (
        <p className="report-actions">
          <a
            className="button button-secondary"
            href={`/admin/all-badge?event=${encodeURIComponent(eventId)}`}
            target="_blank"
            rel="noopener"
          >
            {m.printBadges}
          </a>
        </p>
      )}
      <div className="report-charts">
        <Suspense fallback={<LoadingMessages />}>
          <StatusPie rows={report.status} />
          <CountBar
            title={m.regionalChart}
            rows={report.regional.map((r) => ({ label: regionalLabel(r.regional), cnt: r.cnt }))}
            empty={m.noPaid}
            testId="regional-bar"
            valueName="pagas"
          />
          <AnswerCharts eventId={eventId} />
        </Suspense>
      </div>
      <TempleTable report={report} />
      <Attendance attendance={report.attendance} />
      <Attendees eventId={eventId} eventTitle={report.event.title} />
    </>
  );
}

/** A chart per choice or yes/no question of the event (README 'Registration questions'). */
function AnswerCharts({ eventId }: { eventId: string }) {
  const answers = useQuery(reportAnswersQuery(eventId));
  return (answers.data ?? [])
    .filter((q) => isCountable(q.kind))
    .map((q) => (
      <CountBar
        key={q.id}
        title={questionMessages.chartTitle(q.label)}
        rows={q.counts.map((c) => ({ label: answerText(q.kind, c.option), cnt: c.cnt }))}
        empty={m.noData}
        testId="answer-bar"
        valueName="respostas"
      />
    ));
}

/** Who came: each person once per session and once per day (São Paulo time). */
function Attendance({ attendance }: { attendance: ReportSummary['attendance'] }) {
  const id = useId();
  const table = (head: string, rows: { key: string; label: string; cnt: number }[]) =>
    rows.length > 0 && (
      <div className="report-table-wrap">
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">{head}</th>
              <th scope="col">{m.attendanceCount}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>{r.label}</td>
                <td>{r.cnt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="report-section" aria-labelledby={`${id}-title`} data-testid="report-attendance">
      <h2 id={`${id}-title`}>{m.attendanceTitle}</h2>
      <p>{m.checkedIn(attendance.checked_in)}</p>
      {table(
        m.attendanceSession,
        attendance.sessions.map((s) => ({
          key: s.id,
          label: `${s.name} (${formatDateTime(s.starts_at)})`,
          cnt: s.cnt,
        })),
      )}
      {table(
        m.attendanceDay,
        attendance.days.map((d) => ({ key: d.day, label: d.day.split('-').reverse().join('/'), cnt: d.cnt })),
      )}
    </section>
  );
}

function TempleTable({ report }: { report: ReportSummary }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, FILTER_DEBOUNCE_MS);
  const rows = filterTemples(report.temples, debounced);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.templesTitle}</h2>
      <div className="report-toolbar">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-search`}>
            {m.templesSearch}
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="button"
          disabled={rows.length === 0}
          onClick={() => downloadText(templesCsv(rows), templesCsvName(report.event.title))}
        >
          {m.downloadTemples}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="report-muted" role="status">
          {m.templesEmpty}
        </p>
      ) : (
        <div className="report-table-wrap">
          <table className="report-table" data-testid="temples-table">
            <thead>
              <tr>
                <th scope="col">{m.temple}</th>
                <th scope="col">{m.regional}</th>
                <th scope="col" className="report-num">
                  {m.paid}
                </th>
                <th scope="col" className="report-num">
                  {m.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                // visitors and deleted accounts both have no congregation id: their regional tells them apart
                <tr key={r.id ?? r.regional}>
                  <th scope="row">{templeLabel(r.name, r.regional)}</th>
                  <td data-label={m.regional}>{regionalLabel(r.regional)}</td>
                  <td data-label={m.paid} className="report-num">
                    {r.cnt}
                  </td>
                  <td data-label={m.total} className="report-num">
                    {r.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Attendees({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const id = useId();
  const locations = useQuery(reportLocationsQuery(eventId));
  const [locationId, setLocationId] = useState('');
  const chosen = useDeferredValue(locationId);
  const names = new Map<string, string>();
  for (const r of locations.data?.regionals ?? []) names.set(r.regional, regionalLabel(r.regional));
  for (const t of locations.data?.temples ?? []) names.set(t.id, t.name);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.attendeesTitle}</h2>
      {locations.isError ? (
        <ErrorState error={locations.error} onRetry={() => void locations.refetch()} />
      ) : (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-location`}>
            {m.location}
          </label>
          <select
            id={`${id}-location`}
            className="input"
            value={locationId}
            disabled={locations.isPending}
            onChange={(e) => setLocationId(e.target.value)}
          >
            <option value="">{locations.isPending ? m.loading : m.locationPlaceholder}</option>
            <optgroup label={m.regionalsGroup}>
              {(locations.data?.regionals ?? []).map((r) => (
                <option key={r.regional} value={r.regional}>
                  {regionalLabel(r.regional)} ({r.cnt})
                </option>
              ))}
            </optgroup>
            <optgroup label={m.templesGroup}>
              {(locations.data?.temples ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.cnt})
                </option>
              ))}
            </optgroup>
          </select>
        </div>
      )}
      {chosen && (
        <AttendeeTable
          eventId={eventId}
          locationId={chosen}
          locationName={names.get(chosen) ?? chosen}
          eventTitle={eventTitle}
        />
      )}
    </section>
  );
}

function AttendeeTable({
  eventId,
  locationId,
  locationName,
  eventTitle,
}: {
  eventId: string;
  locationId: string;
  locationName: string;
  eventTitle: string;
}) {
  const attendees = useQuery(reportAttendeesQuery(eventId, locationId));
  // the event's questions: one CSV column each
  const questions = useQuery(reportAnswersQuery(eventId)).data ?? [];
  if (attendees.isPending) return <LoadingMessages />;
  if (attendees.isError)
    return <ErrorState error={attendees.error} onRetry={() => void attendees.refetch()} />;
  const rows = attendees.data;
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <>
      <div className="report-toolbar">
        <p className="report-muted" role="status">
          {rows.length ? m.attendeesCount(rows.length) : m.attendeesEmpty}
        </p>
        <button
          type="button"
          className="button"
          disabled={rows.length === 0}
          onClick={() =>
            downloadText(attendeesCsv(rows, questions), attendeesCsvName(locationName, eventTitle))
          }
        >
          {m.downloadAttendees}
        </button>
      </div>
      {rows.length > SHOWN_ROWS && <p className="report-muted">{m.shownOf(SHOWN_ROWS, rows.length)}</p>}
      {rows.length > 0 && (
        <div className="report-table-wrap">
          <table className="report-table" data-testid="attendees-table">
            <thead>
              <tr>
                <th scope="col">{m.name}</th>
                <th scope="col">{m.temple}</th>
                <th scope="col">{m.regional}</th>
                <th scope="col">{m.method}</th>
                <th scope="col">{m.status}</th>
                <th scope="col">{m.date}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the list is replaced, never reordered
                <tr key={i}>
                  <th scope="row">{r.name}</th>
                  <td data-label={m.temple}>{templeLabel(r.temple_name, r.regional)}</td>
                  <td data-label={m.regional}>{regionalLabel(r.regional)}</td>
                  <td data-label={m.method}>{methodLabel(r.strategy)}</td>
                  <td data-label={m.status}>{statusLabel(r.status)}</td>
                  <td data-label={m.date}>{formatDateTime(r.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The treasurer's CSV of received payments (date, code, person, method, amount, txid). */
function PaymentsCsvButton({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const rows = await client.fetchQuery(reportPaymentsQuery(eventId));
      downloadText(receivedPaymentsCsv(rows), receivedPaymentsCsvName(eventTitle));
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="report-toolbar">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => void download()}
      >
        {pixMessages.receivedCsv}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
