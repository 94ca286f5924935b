/**
 * The browser store (db.ts), loaded and opened on first use. Dexie and the schema (≈ 30 KiB gzip,
 * a quarter of the start-up script time) are not part of the entry.
 *
 * The events a visitor lands on (`/`, `/events/:id`) are shown from the API's answer in memory
 * (`showAnswer` in sync.ts) and stored for offline use after, through `…AfterFirstScreen`: on a page
 * the service worker did not serve (most often a first visit, with nothing stored yet) the store
 * then waits until the first answer is on screen (or a read failed, or at most
 * `FIRST_SCREEN_WAIT_MS`), so that it does not compete with the first screen for the phone's
 * bandwidth and CPU. On a page the service worker served (the installed app, maybe offline) it
 * opens at once: the store may be all there is to show.
 *
 * Everything else opens it at once (`openStore`, `openDb`), ending that wait: what only the store
 * shows (a member's registrations, a door's roster) and the wipes, which must land before anything
 * written after them (a wipe held back would erase what the next member stored meanwhile).
 */
import type { liveQuery as LiveQuery } from 'dexie';
import type { CongregaDb } from './db.ts';
import { DB_NAME } from './db-name.ts';
import { answers, type SyncPhase, syncStatuses } from './sync.ts';

export interface Store {
  db: CongregaDb;
  liveQuery: typeof LiveQuery;
}

/** The longest a page the service worker did not serve waits for its first answer. */
const FIRST_SCREEN_WAIT_MS = 2500;

let opening: Promise<Store> | undefined;
/** Ends the wait for the first screen (while it is going on). */
let stopWaiting: (() => void) | undefined;

/** The store, once the first screen is shown where that matters (above). */
export function openStoreAfterFirstScreen(): Promise<Store> {
  opening ??= firstScreenUnlessServedOffline()
    .then(() => import('./db.ts'))
    .then(({ db, liveQuery }) => ({ db, liveQuery }));
  // A failed load (the chunk did not arrive) is tried again by the next caller.
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

/** The store at once. */
export function openStore(): Promise<Store> {
  const store = openStoreAfterFirstScreen();
  stopWaiting?.();
  return store;
}

export async function openDbAfterFirstScreen(): Promise<CongregaDb> {
  return (await openStoreAfterFirstScreen()).db;
}

export async function openDb(): Promise<CongregaDb> {
  return (await openStore()).db;
}

/** Whether this device has a store at all (without loading it); true where the browser cannot tell. */
export async function storeOnDevice(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (!indexedDB.databases) return true;
  return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
}

const FAILED = new Set<SyncPhase>(['offline', 'error', 'not-found']);

function firstScreenUnlessServedOffline(): Promise<void> {
  if (typeof document === 'undefined' || navigator.serviceWorker?.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    const stopAnswers = answers.subscribe(() => afterRender(done));
    const stopStatuses = syncStatuses.subscribe((statuses) => {
      if (Object.values(statuses).some((s) => FAILED.has(s.phase))) done();
    });
    stopWaiting = done;
    function done() {
      stopWaiting = undefined;
      clearTimeout(timer);
      stopAnswers();
      stopStatuses();
      resolve();
    }
  });
}

/** Once the main thread is idle: React has rendered the answer (in slices) and the browser painted it. */
function afterRender(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 300);
}
