/**
 * A caravan pays once for everyone: its payment attempt is the first person's
 * (`registration_groups.confirmation_id`); each other person's registration has its own attempt,
 * created with it. When the group's attempt moves (paid by the webhook, approved or rejected by
 * staff, a receipt sent, a PIX expired or failed), the others' newest attempts move the same way,
 * each through the transitions (its own locks, its place, its e-mail). A person's own attempt moving
 * alone (a guest's registration canceled by staff) moves only that person.
 */

import type { ConfirmationStatus } from '../../../../src/domain/registrations.ts';
import { qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { Db } from '../../ports/db.ts';

/** What the group's attempt moved with (the transitions' input, without what is its own). */
interface Move {
  to: ConfirmationStatus;
  reason?: string | null;
  reviewedBy?: string | null;
  responseData?: Record<string, unknown>;
}

/** The newest attempt of each other registration of the group whose payment attempt this is. */
export async function groupFollowers(db: Db, confirmationId: string): Promise<string[]> {
  const group = await runOneOrNull(
    db,
    qb.selectFrom('registration_groups').select('id').where('confirmation_id', '=', confirmationId),
  );
  if (!group) return [];
  const rows = await run(
    db,
    qb
      .selectFrom('registrations as r')
      .select((eb) => [
        eb
          .selectFrom('registration_confirmations as c')
          .select('c.id')
          .whereRef('c.registration_id', '=', 'r.id')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(1)
          .as('confirmation_id'),
      ])
      .where('r.group_id', '=', group.id)
      .orderBy('r.id'),
  );
  return rows.map((r) => r.confirmation_id).filter((id): id is string => !!id && id !== confirmationId);
}

/** Moves the group's other attempts to where the group's attempt went (see the file comment). */
export async function followGroupConfirmation(
  db: Db,
  confirmationId: string,
  input: Move,
  transition: (db: Db, input: Move & { confirmationId: string }) => Promise<unknown>,
): Promise<void> {
  const followers = await groupFollowers(db, confirmationId);
  for (const id of followers) {
    try {
      await transition(db, {
        confirmationId: id,
        to: input.to,
        reason: input.reason ?? null,
        reviewedBy: input.reviewedBy,
        responseData: { ...input.responseData, group_attempt: confirmationId },
      });
    } catch (error) {
      // one person's attempt that cannot follow (its place gone after a late payment) is left for
      // staff; the others still follow
      console.warn(`[caravan] confirmation ${id} did not follow ${confirmationId} → ${input.to}`, error);
    }
  }
}
