/**
 * `/admin/events/:id/presenca` 'Presença ao vivo': who has arrived, as the doors sync (realtime
 * through api/live.ts): totals, per congregation, per caravan (with who is missing), per session;
 * a name search; the CSV; the conflicts between doors. Permission checkin or reports (the API checks it).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { watchAttendance } from '../../data/attendance/live.ts';
import { useHasPermission } from '../../data/use-me.ts';
import {
  type Attendance,
  attendanceCsv,
  attendanceCsvName,
  attendanceView,
  searchPeople,
} from '../../domain/attendance.ts';
import { type CheckinConflict, currentSession } from '../../domain/checkin.ts';
import { formatTime } from '../../domain/dates.ts';
import { attendanceMessages as m } from '../../domain/messages/attendance.ts';
import { checkinMessages } from '../../domain/messages/checkin.ts';
import { downloadText } from '../../lib/download.ts';
import { attendanceConflictsQuery, eventAttendanceQuery } from './api/attendance.ts';
import './attendance.css';

/** Names drawn on screen; the search finds the others, the CSV holds them all. */
const SHOWN = 100;

export function LiveAttendanceScreen({ eventId }: { eventId: string }) {
  const attendance = useQuery(eventAttendanceQuery(eventId));
  const conflicts = useQuery(attendanceConflictsQuery(eventId));
  useEffect(
    () =>
      watchAttendance(eventId, {
        attendance: eventAttendanceQuery(eventId).queryKey,
        conflicts: attendanceConflictsQuery(eventId).queryKey,
      }),
    [eventId],
  );
  const canEdit = useHasPermission('write_events');
  if (!attendance.data) {
    return (
      <section className="live">
        <p className="live-muted" role={attendance.isError ? 'alert' : 'status'}>
          {attendance.isError ? attendance.error.message : m.loading}
        </p>
      </section>
    );
  }
  return <LiveAttendance data={attendance.data} conflicts={conflicts.data ?? []} canEdit={canEdit} />;
}

export function LiveAttendance({
  data,
  conflicts,
  canEdit,
}: {
  data: Attendance;
  conflicts: CheckinConflict[];
  canEdit: boolean;
}) {
  const id = useId();
  // today's session unless staff pick another ('' = all of them)
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const session = picked ?? currentSession(data.sessions, new Date())?.id ?? '';
  const view = useMemo(() => attendanceView(data, session || null), [data, session]);
  return (
    <section className="live" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        {m.title}: {data.event.title}
      </h1>
      <p className="live-muted">{m.live}</p>
      <p className="live-links">
        {canEdit && (
          <Link to="/admin/events/$id/sessoes" params={{ id: data.event.id }}>
            {m.sessionsOpen}
          </Link>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            downloadText(attendanceCsv(data, session || null), attendanceCsvName(data.event.title))
          }
        >
          {m.exportCsv}
        </button>
      </p>
      {data.sessions.length > 0 && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-session`}>
            {m.session}
          </label>
          <select
            id={`${id}-session`}
            className="input"
            value={session}
            onChange={(e) => setPicked(e.target.value)}
          >
            {data.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value="">{m.allSessions}</option>
          </select>
        </div>
      )}
      <p className="live-total" role="status" data-testid="live-total">
        {m.total(view.arrived, view.expected)}
      </p>
      <section aria-labelledby={`${id}-temples`}>
        <h2 id={`${id}-temples`}>{m.perTemple}</h2>
        <ul className="live-groups" data-testid="live-temples">
          {view.temples.map((g) => (
            <li key={g.key}>
              <span>{g.name}</span>
              <strong>{m.arrivedOf(g.arrived, g.expected)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-caravans`}>
        <h2 id={`${id}-caravans`}>{m.perCaravan}</h2>
        {view.caravans.length === 0 && <p className="live-muted">{m.noCaravans}</p>}
        <ul className="live-groups" data-testid="live-caravans">
          {view.caravans.map((c) => (
            <li key={c.key}>
              <span>{c.name}</span>
              <strong>{m.arrivedOf(c.arrived, c.expected)}</strong>
              <small>{c.missing.length > 0 ? m.missing(c.missing.join(', ')) : m.noneMissing}</small>
            </li>
          ))}
        </ul>
      </section>
      <People data={data} session={session || null} />
      <Conflicts conflicts={conflicts} />
    </section>
  );
}

function People({ data, session }: { data: Attendance; session: string | null }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => searchPeople(data, session, deferred), [data, session, deferred]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.people}</h2>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-search`}>
          {m.search}
        </label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {rows.length === 0 && <p className="live-muted">{m.noMatch}</p>}
      <ul className="live-people" data-testid="live-people">
        {rows.slice(0, SHOWN).map(({ person, arrival }) => (
          <li key={person.id} className={arrival ? 'live-arrived' : undefined}>
            <span>{person.name}</span>
            <small>
              {person.congregation ?? m.noTemple} ·{' '}
              {arrival ? m.arrived(formatTime(arrival.at), arrival.device) : m.notArrived}
            </small>
          </li>
        ))}
      </ul>
      {rows.length > SHOWN && <p className="live-muted">{m.showing(SHOWN, rows.length)}</p>}
    </section>
  );
}

function Conflicts({ conflicts }: { conflicts: CheckinConflict[] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} data-testid="live-conflicts">
      <h2 id={`${id}-title`}>{m.conflictsTitle}</h2>
      {conflicts.length === 0 && <p className="live-muted">{m.noConflicts}</p>}
      <ul className="live-conflicts">
        {conflicts.map((c) => (
          <li key={c.id}>
            {checkinMessages.doorConflict(
              c.name,
              c.session,
              c.device ?? checkinMessages.deviceUnknown,
              formatTime(c.at),
              c.winner_device ?? checkinMessages.deviceUnknown,
              c.winner_at ? formatTime(c.winner_at) : '',
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
