import { CONSENT_TEXT_VERSION, type ConsentPurpose } from '../../../../src/domain/privacy.ts';
import type { Db } from '../../ports/db.ts';

/** Records a consent given now for `purpose` (nothing when one is already live). In the caller's transaction. */
export async function giveConsent(db: Db, userId: string, purpose: ConsentPurpose): Promise<void> {
  await db.query(
    `insert into public.consents (user_id, purpose, text_version) values ($1, $2, $3)
     on conflict (user_id, purpose) where revoked_at is null do nothing`,
    [userId, purpose, CONSENT_TEXT_VERSION],
  );
}
