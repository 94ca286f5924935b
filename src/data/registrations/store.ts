/**
 * The registrations store: the signed-in member's own registrations, kept in Dexie so
 * 'Ver inscrição »' works offline. Wiped on sign-out (../member-data.ts). React-free.
 */
import type { MyRegistration } from '../../domain/types.ts';
import type { CongregaDb, StoredRegistration } from '../db.ts';
import { openDb } from '../open-db.ts';

export const REGISTRATIONS_KEY = 'registrations';

/** The member's stored registrations (all statuses). */
export function readMyRegistrations(db: CongregaDb, userId: string): Promise<StoredRegistration[]> {
  return db.registrations.where('user_id').equals(userId).toArray();
}

/** Replaces the stored set with the API's answer. */
export async function saveMyRegistrations(registrations: MyRegistration[], now = Date.now()): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.registrations, db.syncState, async () => {
    await db.registrations.clear();
    await db.registrations.bulkPut(registrations);
    await db.syncState.put({ key: REGISTRATIONS_KEY, fetched_at: now });
  });
}

/** The empty set (one instance, so live queries and guests give a stable value). */
export const READ_NONE: StoredRegistration[] = [];
