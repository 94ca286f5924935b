/**
 * The audit of what staff do to a person (public.audit_log): who, to whom, what, when and from which
 * client address. Written in the same transaction as the change it records.
 */
import type { Context } from 'hono';
import { qb, run } from '../../db/kysely.ts';
import type { AppEnv } from '../../lib/context.ts';
import type { Db } from '../../ports/db.ts';

export type AuditAction =
  | 'role.grant'
  | 'role.revoke'
  | 'password.reset'
  | 'profile.update'
  | 'registration.create'
  | 'registration.refund'
  | 'waitlist.move_up'
  | 'waitlist.move_down'
  | 'waitlist.remove'
  | 'waitlist.offer'
  | 'event.sessions'
  | 'event.caravan_limits'
  // staff reads of a person's data
  | 'person.view'
  | 'person.search'
  | 'receipt.view'
  | 'report.attendees'
  | 'badges.view';

/** Staff reads of a person's data: listed in the person's own export, not on the staff's person page. */
export const STAFF_READ_ACTIONS = [
  'person.view',
  'person.search',
  'receipt.view',
  'report.attendees',
  'badges.view',
] as const;

/**
 * The client's address: the first X-Forwarded-For entry (Supabase's edge puts the client there; the
 * local host replaces the header with the address it saw), or null when there is none.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : null;
}

export interface AuditInput {
  actorId: string;
  /** null for a read that names nobody (a search's own row: what was asked) */
  subjectId: string | null;
  action: AuditAction;
  details?: Record<string, unknown>;
  clientIp: string | null;
}

/**
 * One audit row per person a staff read showed (a list, a badge sheet): `subjects` is a statement
 * answering `user_id`, its parameters after the first four ($1 actor, $2 action, $3 details, $4 address).
 */
export async function writeAuditForMany(
  db: Db,
  entry: Omit<AuditInput, 'subjectId'> & { subjects: string; params: unknown[] },
): Promise<void> {
  await db.query(
    `insert into public.audit_log (actor_id, subject_id, action, details, client_ip)
     select $1, s.user_id, $2, $3::jsonb, $4 from (${entry.subjects}) s where s.user_id is not null`,
    [entry.actorId, entry.action, entry.details ?? {}, entry.clientIp, ...entry.params],
  );
}

export async function writeAudit(db: Db, entry: AuditInput): Promise<void> {
  await run(
    db,
    qb.insertInto('audit_log').values({
      actor_id: entry.actorId,
      subject_id: entry.subjectId,
      action: entry.action,
      details: entry.details ?? {},
      client_ip: entry.clientIp,
    }),
  );
}
