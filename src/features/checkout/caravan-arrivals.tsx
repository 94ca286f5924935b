/**
 * A caravan's arrivals for its leader, on their phone: who arrived and who is missing, in the
 * session under way (events with sessions), updating as the doors sync. Online only; offline it
 * keeps what it last read.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { watchAttendance } from '../../data/attendance/live.ts';
import { arrival } from '../../domain/attendance.ts';
import { currentSession } from '../../domain/checkin.ts';
import { formatTime } from '../../domain/dates.ts';
import { attendanceMessages as m } from '../../domain/messages/attendance.ts';
import { caravanAttendanceQuery } from './api/caravan-attendance.ts';
import './caravan-arrivals.css';

export function CaravanArrivals({ groupId, eventId }: { groupId: string; eventId: string }) {
  const id = useId();
  const query = useQuery(caravanAttendanceQuery(groupId));
  useEffect(
    () => watchAttendance(eventId, { attendance: caravanAttendanceQuery(groupId).queryKey }),
    [groupId, eventId],
  );
  const data = query.data;
  if (!data) return null;
  const session = currentSession(data.sessions, new Date());
  const people = data.people
    .map((p) => ({ p, at: arrival(p, session?.id ?? null) }))
    .sort((a, b) => a.p.name.localeCompare(b.p.name, 'pt-BR'));
  const came = people.filter((x) => x.at);
  const missing = people.filter((x) => !x.at);
  return (
    <section className="caravan-arrivals" aria-labelledby={`${id}-title`} data-testid="caravan-arrivals">
      <h4 id={`${id}-title`}>
        {m.caravanTitle}
        {session ? ` · ${session.name}` : ''}
      </h4>
      <p role="status">{m.total(came.length, people.length)}</p>
      <h5>{m.caravanArrived}</h5>
      {came.length === 0 ? (
        <p>{m.caravanNobody}</p>
      ) : (
        <ul data-testid="caravan-arrived">
          {came.map(({ p, at }) => (
            <li key={p.id}>
              {p.name} · {formatTime(at!.at)}
            </li>
          ))}
        </ul>
      )}
      <h5>{m.caravanMissing}</h5>
      {missing.length === 0 ? (
        <p>{m.noneMissing}</p>
      ) : (
        <ul data-testid="caravan-missing">
          {missing.map(({ p }) => (
            <li key={p.id}>{p.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
