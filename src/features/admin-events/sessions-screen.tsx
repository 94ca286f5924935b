/**
 * `/admin/events/:id/sessoes` 'Dias e sessões do checkin' (write_events): a camp's days, a
 * conference's morning and evening. Add, rename, change the times (DD/MM/AAAA HH:mm, São Paulo
 * time), remove one without check-ins; the session the door opens on today is marked. The API
 * checks everything again and audits the change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { type CheckinSession, currentSession } from '../../domain/checkin.ts';
import { formatBrDateTime, parseBrDateTime } from '../../domain/event-editor.ts';
import { attendanceMessages as m } from '../../domain/messages/attendance.ts';
import { checkinMessages } from '../../domain/messages/checkin.ts';
import { eventSessionsQuery, saveEventSessions } from './api/sessions.ts';
import './sessions.css';

interface Row {
  key: string;
  id?: string;
  name: string;
  starts: string;
  ends: string;
}

const DAY_MS = 24 * 3600_000;
let keys = 0;
const toRow = (s: CheckinSession): Row => ({
  key: String(++keys),
  id: s.id,
  name: s.name,
  starts: formatBrDateTime(s.starts_at),
  ends: formatBrDateTime(s.ends_at),
});

export function SessionsScreen({ eventId }: { eventId: string }) {
  const sessions = useQuery(eventSessionsQuery(eventId));
  if (!sessions.data) {
    return (
      <section className="sessions">
        <p className="sessions-muted" role={sessions.isError ? 'alert' : 'status'}>
          {sessions.isError ? sessions.error.message : m.loading}
        </p>
      </section>
    );
  }
  return <SessionsEditor eventId={eventId} initial={sessions.data} />;
}

function SessionsEditor({ eventId, initial }: { eventId: string; initial: CheckinSession[] }) {
  const id = useId();
  const client = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => initial.map(toRow));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveEventSessions>[1]) => saveEventSessions(eventId, body),
    onSuccess: (saved) => {
      client.setQueryData(eventSessionsQuery(eventId).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['attendance'] });
      setRows(saved.map(toRow));
    },
  });
  const today = currentSession(initial, new Date());
  const edit = (key: string, change: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const add = () =>
    setRows((list) => {
      // the day after the last one, same hours; else today, 08:00 to 22:00 São Paulo time
      const last = list.at(-1);
      const from = last && parseBrDateTime(last.starts);
      const to = last && parseBrDateTime(last.ends);
      const starts = from ? new Date(Date.parse(from) + DAY_MS).toISOString() : null;
      const ends = to ? new Date(Date.parse(to) + DAY_MS).toISOString() : null;
      const day = formatBrDateTime(new Date().toISOString()).slice(0, 10);
      return [
        ...list,
        {
          key: String(++keys),
          name: m.dayName(list.length + 1),
          starts: starts ? formatBrDateTime(starts) : `${day} 08:00`,
          ends: ends ? formatBrDateTime(ends) : `${day} 22:00`,
        },
      ];
    });
  const submit = () => {
    save.reset();
    const body = [];
    for (const r of rows) {
      const starts_at = parseBrDateTime(r.starts);
      const ends_at = parseBrDateTime(r.ends);
      if (!r.name.trim()) return setProblem(checkinMessages.sessionName);
      if (!starts_at || !ends_at || ends_at <= starts_at)
        return setProblem(`${r.name}: ${checkinMessages.sessionTimes}`);
      body.push({ ...(r.id ? { id: r.id } : {}), name: r.name.trim(), starts_at, ends_at });
    }
    setProblem(null);
    save.mutate(body);
  };
  const message = problem ?? (save.isError ? save.error.message : save.isSuccess ? m.saved : null);
  return (
    <section className="sessions" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.sessionsTitle}</h1>
      <p className="sessions-muted">{m.sessionsIntro}</p>
      <p className="sessions-actions">
        <Link to="/admin/events/$id/presenca" params={{ id: eventId }}>
          {m.open}
        </Link>
      </p>
      {rows.length === 0 && <p className="sessions-muted">{m.sessionsNone}</p>}
      <ol className="sessions-list" data-testid="sessions">
        {rows.map((r, i) => (
          <li key={r.key} className="sessions-row">
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${r.key}-name`}>
                {m.sessionName} {i + 1}
                {r.id && r.id === today?.id ? ` (${m.today})` : ''}
              </label>
              <input
                id={`${id}-${r.key}-name`}
                className="input"
                value={r.name}
                maxLength={60}
                onChange={(e) => edit(r.key, { name: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${r.key}-starts`}>
                {m.sessionStarts}
              </label>
              <input
                id={`${id}-${r.key}-starts`}
                className="input"
                inputMode="numeric"
                placeholder="DD/MM/AAAA HH:mm"
                value={r.starts}
                onChange={(e) => edit(r.key, { starts: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-${r.key}-ends`}>
                {m.sessionEnds}
              </label>
              <input
                id={`${id}-${r.key}-ends`}
                className="input"
                inputMode="numeric"
                placeholder="DD/MM/AAAA HH:mm"
                value={r.ends}
                onChange={(e) => edit(r.key, { ends: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
            >
              {m.removeSession(r.name)}
            </button>
          </li>
        ))}
      </ol>
      <p className="sessions-actions">
        <button type="button" className="button button-secondary" onClick={add}>
          {m.addSession}
        </button>
        <button type="button" className="button" disabled={save.isPending} onClick={submit}>
          {save.isPending ? m.saving : m.save}
        </button>
      </p>
      {message && (
        <p
          className={problem || save.isError ? 'field-error' : 'sessions-muted'}
          role={problem || save.isError ? 'alert' : 'status'}
        >
          {message}
        </p>
      )}
    </section>
  );
}
