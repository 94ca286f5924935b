/**
 * Who came to an event, live (docs/product-spec.md §2, /admin/events/:id/presenca) and a caravan's
 * arrivals for its leader: the API's answer and how the screens count it, per session, congregation
 * and caravan. Pure; shared by the browser and the API.
 */
import type { CheckinSession } from './checkin.ts';
import { fileSlug, toCsv } from './csv.ts';
import { formatDateTime } from './dates.ts';
import { attendanceMessages as m } from './messages/attendance.ts';

/** One check-in of a person: its session (none: the event's only one), when the door scanned it and which door. */
export interface AttendanceCheckin {
  session: string | null;
  at: string;
  device: string | null;
}

/** A person expected at the event (a paid registration) or who came anyway. */
export interface AttendancePerson {
  /** the registration */
  id: string;
  name: string;
  congregation: string | null;
  /** the caravan (registration group) */
  caravan: string | null;
  checkins: AttendanceCheckin[];
}

export interface AttendanceCaravan {
  id: string;
  leader: string;
}

/** GET /v1/admin/events/:id/attendance and GET /v1/caravans/:id/attendance. */
export interface Attendance {
  event: { id: string; title: string };
  sessions: CheckinSession[];
  caravans: AttendanceCaravan[];
  people: AttendancePerson[];
}

/** A realtime check-in row (the columns this module reads). */
export interface CheckinRow {
  registration_id: string;
  session_id: string | null;
  scanned_at: string;
  device: string | null;
}

/** The person's check-in in `session` (null: any), the first one. */
export function arrival(person: AttendancePerson, session: string | null): AttendanceCheckin | null {
  let first: AttendanceCheckin | null = null;
  for (const c of person.checkins) {
    if (session !== null && c.session !== session) continue;
    if (!first || c.at < first.at) first = c;
  }
  return first;
}

/**
 * The answer with a realtime check-in added (a replay adds nothing), or null when it names a
 * registration the answer does not hold (a walk-in: read the answer again).
 */
export function withCheckin(data: Attendance, row: CheckinRow): Attendance | null {
  const index = data.people.findIndex((p) => p.id === row.registration_id);
  if (index < 0) return null;
  const person = data.people[index]!;
  const at = new Date(row.scanned_at).toISOString();
  if (person.checkins.some((c) => c.at === at && c.session === row.session_id)) return data;
  const people = data.people.slice();
  people[index] = {
    ...person,
    checkins: [...person.checkins, { session: row.session_id, at, device: row.device }],
  };
  return { ...data, people };
}

export interface Group {
  key: string;
  name: string;
  arrived: number;
  expected: number;
}

export interface CaravanView extends Group {
  missing: string[];
}

export interface AttendanceView {
  arrived: number;
  expected: number;
  temples: Group[];
  caravans: CaravanView[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR');

/** The counts of `session` (null: any): in all, per congregation and per caravan (with who is missing). */
export function attendanceView(data: Attendance, session: string | null): AttendanceView {
  const temples = new Map<string, Group>();
  const caravans = new Map<string, CaravanView>();
  for (const c of data.caravans) {
    caravans.set(c.id, { key: c.id, name: m.caravanOf(c.leader), arrived: 0, expected: 0, missing: [] });
  }
  let arrived = 0;
  for (const p of data.people) {
    const came = arrival(p, session) !== null;
    if (came) arrived += 1;
    const name = p.congregation ?? m.noTemple;
    const group = temples.get(name) ?? { key: name, name, arrived: 0, expected: 0 };
    temples.set(name, group);
    group.expected += 1;
    if (came) group.arrived += 1;
    const caravan = p.caravan ? caravans.get(p.caravan) : undefined;
    if (caravan) {
      caravan.expected += 1;
      if (came) caravan.arrived += 1;
      else caravan.missing.push(p.name);
    }
  }
  for (const c of caravans.values()) c.missing.sort((a, b) => a.localeCompare(b, 'pt-BR'));
  return {
    arrived,
    expected: data.people.length,
    temples: [...temples.values()].sort(byName),
    caravans: [...caravans.values()].sort(byName),
  };
}

/** Lower case, no accents: how a name search compares. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The people a search shows: those whose name has every word typed; the latest arrivals first, then who is missing by name. */
export function searchPeople(
  data: Attendance,
  session: string | null,
  query: string,
): { person: AttendancePerson; arrival: AttendanceCheckin | null }[] {
  const words = foldName(query).split(/\s+/).filter(Boolean);
  const rows = [];
  for (const person of data.people) {
    if (words.length > 0) {
      const name = foldName(person.name);
      if (!words.every((w) => name.includes(w))) continue;
    }
    rows.push({ person, arrival: arrival(person, session) });
  }
  return rows.sort((a, b) => {
    if (a.arrival && b.arrival) return b.arrival.at.localeCompare(a.arrival.at);
    if (a.arrival || b.arrival) return a.arrival ? -1 : 1;
    return byName(a.person, b.person);
  });
}

/** The CSV of who came in `session` (null: every check-in, one row each), then who did not. */
export function attendanceCsv(data: Attendance, session: string | null): string {
  const sessionName = new Map(data.sessions.map((s) => [s.id, s.name]));
  const caravanName = new Map(data.caravans.map((c) => [c.id, m.caravanOf(c.leader)]));
  const rows: (string | null)[][] = [];
  for (const { person, arrival: first } of searchPeople(data, session, '')) {
    const base = [
      person.name,
      person.congregation ?? m.noTemple,
      caravanName.get(person.caravan ?? '') ?? '',
    ];
    const checkins = session === null ? person.checkins : first ? [first] : [];
    if (checkins.length === 0)
      rows.push([...base, session ? (sessionName.get(session) ?? '') : '', m.notArrived, '']);
    for (const c of [...checkins].sort((a, b) => a.at.localeCompare(b.at))) {
      rows.push([
        ...base,
        c.session ? (sessionName.get(c.session) ?? '') : '',
        formatDateTime(c.at),
        c.device,
      ]);
    }
  }
  return toCsv([m.csvName, m.csvTemple, m.csvCaravan, m.csvSession, m.csvArrivedAt, m.csvDevice], rows);
}

export function attendanceCsvName(eventTitle: string): string {
  return `presenca-${fileSlug(eventTitle)}.csv`;
}
