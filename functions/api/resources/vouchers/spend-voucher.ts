/** Spending a voucher: the one rule both the checkout and the legacy apply-to-attempt call use. */
import { qb, runOneOrNull } from '../../db/kysely.ts';
import type { Db } from '../../ports/db.ts';

/**
 * Marks the voucher used by `userId` when it applies here: unused (single use, decided by this one
 * statement, so two members racing for one code cannot both spend it), of this tier or none, of this
 * event or none. Null when it does not apply. Run inside the caller's transaction.
 */
export function spendVoucher(
  tx: Db,
  input: { code: string; userId: string; eventId: string; tierId: string; now: Date },
): Promise<{ id: string; code: string } | null> {
  return runOneOrNull(
    tx,
    qb
      .updateTable('vouchers')
      .set({ used_at: input.now, used_by: input.userId })
      .where('code', '=', input.code)
      .where('used_at', 'is', null)
      .where((eb) => eb.or([eb('tier_id', 'is', null), eb('tier_id', '=', input.tierId)]))
      .where((eb) => eb.or([eb('event_id', 'is', null), eb('event_id', '=', input.eventId)]))
      .returning(['id', 'code']),
  );
}
