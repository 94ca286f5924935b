/**
 * What belongs to the signed-in member on this device (the query cache's 'me' answers, kept by
 * persist.ts, and the pages drawn from them; a door's rosters) and the wipe on sign-out. Public events stay.
 * main.tsx registers `clearMemberData` as a sign-out cleanup at start-up, so the wipe runs whichever
 * screen the member signs out from. React-free, and it loads with the entry: it opens the store only
 * when it runs.
 */
import type { CongregaDb } from './db.ts';
import { removeKept } from './kept.ts';
import { openDb, storeOnDevice } from './open-db.ts';
import { queryClient } from './query-client.ts';

/**
 * Removes everything that belongs to the signed-in member. The cache's signed-in queries go at once (an
 * answer still in flight lands on a removed query: never shown, never kept), the kept copies after
 * every write asked before.
 */
export async function clearMemberData(): Promise<void> {
  removeSignedInQueries();
  await removeKept('me');
  // a restore queued before the wipe may have put kept rows back meanwhile
  removeSignedInQueries();
  if (await storeOnDevice()) await clearRosters(await openDb()); // queued check-ins stay to be sent
}

/** The answers everyone gets (public events, the congregations): the only ones a sign-out keeps. */
const PUBLIC_QUERIES: readonly unknown[] = ['events', 'temples'];

/**
 * Every answer a signed-in user asked for leaves the cache: the member's own ('me') and what staff
 * screens read (registrations, reports, people), so the next person on the device sees none of it.
 */
function removeSignedInQueries(): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERIES.includes(query.queryKey[0]) });
}

/**
 * At start-up with no session stored: what a member left here (signed out while the app was not
 * running) is nobody's. A device with no store has nothing to wipe, and does not load it for that.
 */
export async function clearMemberDataLeftBehind(): Promise<void> {
  if (!(await storeOnDevice())) return;
  await removeKept('me');
  // only the member's own answers leave memory (a restore may have put them back meanwhile): what
  // this visitor's screen is asking right now (the privacy page, an event's questions) must stay, or
  // its answer lands on a removed query and the screen waits for ever
  queryClient.removeQueries({ queryKey: ['me'] });
  await clearRosters(await openDb());
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
