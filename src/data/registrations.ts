/**
 * The signed-in member's registrations, kept in Dexie so 'Ver inscrição »' works offline. Wiped on
 * sign-out. Later issues (my registrations, tickets) extend this repository.
 */
import { registerSignOutCleanup } from '../lib/session.ts';
import { clearMemberData, db } from './db.ts';
import { fetchApi, refresh } from './sync.ts';

export const REGISTRATIONS_KEY = 'registrations';

/** GET /v1/registrations → replaces the stored set. */
export function refreshMyRegistrations(): Promise<void> {
  return refresh(REGISTRATIONS_KEY, async () => {
    const registrations = await fetchApi((api) => api.v1.registrations.$get());
    await db.transaction('rw', db.registrations, db.syncState, async () => {
      await db.registrations.clear();
      await db.registrations.bulkPut(registrations);
      await db.syncState.put({ key: REGISTRATIONS_KEY, fetched_at: Date.now() });
    });
  });
}

// Sign-out wipes the member's data from the store (public events stay).
registerSignOutCleanup(clearMemberData);
