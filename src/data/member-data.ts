/**
 * What belongs to the signed-in member on this device (their registrations and the sync state of
 * those sets, a door's rosters) and the wipe on sign-out. Public events stay.
 * main.tsx registers `clearMemberData` as a sign-out cleanup at start-up, so the wipe runs whichever
 * screen the member signs out from. React-free, and it loads with the entry: it touches the tables
 * only, never a store module (the check-in store would bring the door's rules and texts to every
 * first visit), and opens the store only when it runs, at once (open-db.ts).
 */
import type { CongregaDb } from './db.ts';
import { openDb, storeOnDevice } from './open-db.ts';

let generation = 0;

/**
 * Increases at every wipe. A refresher reads it before fetching and writes only if it has not
 * changed, so an answer for the member that arrives after sign-out never lands in the store.
 */
export function memberDataGeneration(): number {
  return generation;
}

/** Removes everything that belongs to the signed-in member. */
export async function clearMemberData(): Promise<void> {
  generation++;
  const db = await openDb();
  await db.transaction('rw', db.registrations, db.syncState, async () => {
    await db.registrations.clear();
    await db.syncState.where('key').startsWith('registrations').delete();
  });
  await clearRosters(db); // door rosters are personal data; queued check-ins stay to be sent
}

/**
 * At start-up with no session stored: what a member left here (signed out while the app was not
 * running) is nobody's. A device with no store has nothing to wipe, and does not load it for that.
 */
export async function clearMemberDataLeftBehind(): Promise<void> {
  if (await storeOnDevice()) await clearMemberData();
}

/** Removes every roster (personal data) on sign-out; queued check-ins stay to be sent later. */
export async function clearRosters(store: CongregaDb): Promise<void> {
  await store.transaction(
    'rw',
    [store.rosters, store.rosterPages, store.rosterMeta, store.checkinIssues],
    async () => {
      await store.rosters.clear();
      await store.rosterPages.clear();
      await store.rosterMeta.clear();
      await store.checkinIssues.clear();
    },
  );
}
