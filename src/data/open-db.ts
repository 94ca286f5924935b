/**
 * The browser store (db.ts), loaded and opened on first use. Dexie and the schema (≈ 30 KiB gzip,
 * a quarter of the start-up script time) are not part of the entry: the screens a visitor lands on
 * show the API's answer from memory (`showAnswer` in sync.ts) and store it for offline use after.
 *
 * A page the service worker did not serve came from the network, most often on a first visit with
 * nothing stored yet: there the store waits until the first answer is on screen (or a read failed,
 * or at most `FIRST_SCREEN_WAIT_MS`), so that it does not compete with the first screen for the
 * phone's bandwidth and CPU. A page the service worker served (the installed app, maybe offline)
 * opens it at once: the store may be all there is to show.
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
/** Ends the wait for the first screen (when it is still going on). */
let stopWaiting: (() => void) | undefined;

export function openStore(): Promise<Store> {
  opening ??= firstScreenUnlessServedOffline()
    .then(() => import('./db.ts'))
    .then(({ db, liveQuery }) => ({ db, liveQuery }));
  // A failed load (the chunk did not arrive) is tried again by the next caller.
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

export async function openDb(): Promise<CongregaDb> {
  return (await openStore()).db;
}

/**
 * The store, opened without waiting for the first screen: for a wipe, which must land before
 * anything written after it (a wipe held back would erase what the next member stores meanwhile).
 */
export function openDbNow(): Promise<CongregaDb> {
  const db = openDb();
  stopWaiting?.();
  return db;
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
