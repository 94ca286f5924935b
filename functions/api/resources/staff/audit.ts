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
  | 'registration.create';

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
  subjectId: string;
  action: AuditAction;
  details?: Record<string, unknown>;
  clientIp: string | null;
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
