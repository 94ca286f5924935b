import type { CheckinSession, SessionsBody } from '../../../../src/domain/checkin.ts';
import { checkinMessages } from '../../../../src/domain/messages/checkin.ts';
import { qb, run } from '../../db/kysely.ts';
import { invalidData, notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';
import { eventSessions } from '../checkins/checkins.service.ts';
import { writeAudit } from '../staff/audit.ts';

export async function listSessions(db: Db, eventId: string): Promise<CheckinSession[]> {
  return (await eventSessions(db, [eventId])).get(eventId) ?? [];
}

/**
 * Sets the event's check-in sessions, all of them, in one transaction: those with an id are kept
 * (renamed, moved), the others added, the missing ones removed — except a session that already has
 * check-ins, which is history (the whole change is refused). Audited (event.sessions).
 */
export async function putSessions(
  db: Db,
  eventId: string,
  body: SessionsBody,
  who: { actorId: string; clientIp: string | null },
): Promise<CheckinSession[]> {
  return db.transaction(async (tx) => {
    const [event] = await run(
      tx,
      qb.selectFrom('events').select('id').where('id', '=', eventId).where('deleted_at', 'is', null),
    );
    if (!event) throw notFound('EVENT_NOT_FOUND');
    const before = await listSessions(tx, eventId);
    const kept = new Set(body.flatMap((s) => (s.id ? [s.id] : [])));
    // an id of another event (or unknown) is no session of this one
    if ([...kept].some((id) => !before.some((b) => b.id === id))) throw invalidData();
    const gone = before.filter((b) => !kept.has(b.id)).map((b) => b.id);
    if (gone.length > 0) {
      const used = await run(
        tx,
        qb.selectFrom('checkins').select('id').where('session_id', 'in', gone).limit(1),
      );
      if (used.length > 0) throw invalidData(checkinMessages.sessionHasCheckins);
      await run(tx, qb.deleteFrom('event_sessions').where('id', 'in', gone));
    }
    for (const s of body) {
      const row = { name: s.name, starts_at: new Date(s.starts_at), ends_at: new Date(s.ends_at) };
      if (s.id) await run(tx, qb.updateTable('event_sessions').set(row).where('id', '=', s.id));
      else await run(tx, qb.insertInto('event_sessions').values({ ...row, event_id: eventId }));
    }
    const after = await listSessions(tx, eventId);
    // who changed the door's days, from what to what (audit_log, in the same transaction)
    await writeAudit(tx, {
      ...who,
      subjectId: null,
      action: 'event.sessions',
      details: { event_id: eventId, before, after },
    });
    return after;
  });
}
