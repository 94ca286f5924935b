import type { Attendance, AttendanceCheckin } from '../../../../src/domain/attendance.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { eventSessions } from '../checkins/checkins.service.ts';

/**
 * Who is expected at the event and who came: every paid registration, and any other that has a
 * check-in (the door admitted it), with its congregation, caravan and every check-in (session, time,
 * door). `$2` narrows it to one caravan. Three reads by index: people, check-ins, caravans.
 */
const PEOPLE_SQL = `
  select r.id, coalesce(r.guest_name, p.name, '') as name, coalesce(t.name, p.other_church) as congregation,
         r.group_id as caravan
    from public.registrations r
    left join public.profiles p on p.id = r.user_id
    left join public.temples t on t.id = p.temple_id
   where r.event_id = $1 and ($2::uuid is null or r.group_id = $2)
     and (r.status = 'paid' or exists (select 1 from public.checkins k where k.registration_id = r.id))
     -- a deleted account leaves the list (as it leaves the door's roster); its caravan guests stay
     and (p.deleted_at is null or r.guest_name is not null)`;

const CHECKINS_SQL = `
  select k.registration_id, k.session_id, k.scanned_at, k.device
    from public.checkins k
   where k.event_id = $1
     and ($2::uuid is null or k.registration_id in (select id from public.registrations where group_id = $2))`;

const CARAVANS_SQL = `
  select g.id, coalesce(p.name, '') as leader
    from public.registration_groups g
    left join public.profiles p on p.id = g.leader_id
   where g.event_id = $1 and ($2::uuid is null or g.id = $2)
     and exists (select 1 from public.registrations r where r.group_id = g.id and r.status = 'paid')`;

async function readAttendance(db: Db, eventId: string, caravan: string | null): Promise<Attendance> {
  const [event] = await db.query<{ id: string; title: string }>(
    'select id, title from public.events where id = $1 and deleted_at is null',
    [eventId],
  );
  if (!event) throw notFound('EVENT_NOT_FOUND');
  const [people, checkins, caravans, sessions] = await Promise.all([
    db.query<{ id: string; name: string; congregation: string | null; caravan: string | null }>(PEOPLE_SQL, [
      eventId,
      caravan,
    ]),
    db.query<{
      registration_id: string;
      session_id: string | null;
      scanned_at: Date | string;
      device: string | null;
    }>(CHECKINS_SQL, [eventId, caravan]),
    db.query<{ id: string; leader: string }>(CARAVANS_SQL, [eventId, caravan]),
    eventSessions(db, [eventId]),
  ]);
  const byRegistration = new Map<string, AttendanceCheckin[]>();
  for (const k of checkins) {
    const list = byRegistration.get(k.registration_id) ?? [];
    list.push({ session: k.session_id, at: iso(k.scanned_at), device: k.device });
    byRegistration.set(k.registration_id, list);
  }
  return {
    event,
    sessions: sessions.get(eventId) ?? [],
    caravans,
    people: people.map((p) => ({ ...p, checkins: byRegistration.get(p.id) ?? [] })),
  };
}

/** GET /v1/admin/events/:id/attendance (checkin or reports): the whole event. */
export function eventAttendance(db: Db, eventId: string): Promise<Attendance> {
  return readAttendance(db, eventId, null);
}

/** GET /v1/caravans/:id/attendance: the caravan's people, for its leader only (anyone else: not found). */
export async function caravanAttendance(db: Db, groupId: string, userId: string): Promise<Attendance> {
  const [group] = await db.query<{ event_id: string }>(
    'select event_id from public.registration_groups where id = $1 and leader_id = $2',
    [groupId, userId],
  );
  if (!group) throw notFound('NOT_FOUND');
  return readAttendance(db, group.event_id, groupId);
}
