/**
 * Keeps the query cache's answers that must open offline in the browser store (db.ts, table
 * `queries`): public events (keys starting with 'events'), the congregations ('temples') and the
 * signed-in member's own data (keys starting with 'me', then their user id). Each answer is written after it arrives, once the screen
 * it fills is painted, and read back (`restoreQueries`) into the cache:
 * - at start-up where the service worker served the page (the installed app, maybe offline: the
 *   store may be all there is to show);
 * - when a read fails (offline, server down): the query's error then lands on a cache that holds
 *   what the device kept, so the screen shows that instead of a failure;
 * - when the member's registrations are asked (their ticket shows before the API answers);
 * so a guest's first visit never loads Dexie before its first screen.
 * An answer restored never replaces a newer one. The sign-out wipe (member-data.ts) removes the
 * 'me' queries from the cache and the store. React-free.
 */
import type { Query, QueryKey } from '@tanstack/query-core';
import type { PersistedQuery } from './db.ts';
import { DB_NAME } from './db-name.ts';
import { openDb, storeOnDevice } from './open-db.ts';
import { queryClient } from './query-client.ts';

/** The first key part of the answers kept on the device. */
const KEPT = new Set(['events', 'temples', 'me']);

export function isKept(key: QueryKey): boolean {
  return KEPT.has(key[0] as string);
}

/** Store work runs one job at a time, in order: a wipe lands after every write asked before it. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch((error: unknown) => console.error('[persist]', error));
  return run;
}

let restoring: Promise<void> | undefined;
/** True while restored answers are put in the cache (they are not written back). */
let putting = false;

/** Reads the kept answers into the cache (one read at a time: a call meanwhile joins it); never throws. */
export function restoreQueries(): Promise<void> {
  restoring ??= serially(async () => {
    if (!(await storeOnDevice())) return;
    const rows = await readKept();
    putting = true;
    try {
      for (const row of rows) restore(row);
    } finally {
      putting = false;
    }
  })
    .catch(() => undefined)
    .finally(() => {
      restoring = undefined;
    });
  return restoring;
}

/**
 * The kept answers, read with IndexedDB itself: loading Dexie and opening the store through it costs
 * ≈ 0.5 s of a slow phone's CPU, ahead of a ticket opened offline (docs/performance.md). Dexie
 * still writes them, and reads them where the store predates the `queries` table (it upgrades it).
 */
function readKept(): Promise<PersistedQuery[]> {
  return new Promise<PersistedQuery[] | undefined>((resolve, reject) => {
    // no version: the store as it is; never created nor upgraded here (that is Dexie's)
    const open = indexedDB.open(DB_NAME);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const idb = open.result;
      idb.onversionchange = () => idb.close();
      if (!idb.objectStoreNames.contains('queries')) {
        idb.close();
        resolve(undefined);
        return;
      }
      const read = idb.transaction('queries', 'readonly').objectStore('queries').getAll();
      idb.close(); // once the read is done
      read.onsuccess = () => resolve(read.result as PersistedQuery[]);
      read.onerror = () => reject(read.error);
    };
  }).then(async (rows) => rows ?? (await openDb()).queries.toArray());
}

/**
 * Puts a kept answer in the cache, marked stale whatever its age: it shows at once, and the next
 * screen that reads it asks the API again (a copy kept seconds before a reload is not an answer
 * fresher than the server's: a guardian's consent given meanwhile must show).
 */
function restore(row: PersistedQuery): void {
  const current = queryClient.getQueryCache().get(row.hash);
  if ((current?.state.dataUpdatedAt ?? 0) >= row.updatedAt) return;
  queryClient.setQueryData(row.key, row.data, { updatedAt: row.updatedAt });
  void queryClient.invalidateQueries({ queryKey: row.key, exact: true, refetchType: 'none' });
}

const pending = new Map<string, Query>();
let scheduled = false;

/**
 * Writes every kept answer after it arrives, and those that arrived before it started (kept.ts
 * starts it after the first paint, or at once where the service worker served the page, which it
 * then restores). Returns the unsubscribe.
 */
export function startPersisting(): () => void {
  const cache = queryClient.getQueryCache();
  const keep = (query: Query) => {
    if (!isKept(query.queryKey) || query.state.status !== 'success') return;
    pending.set(query.queryHash, query);
    if (!scheduled) {
      scheduled = true;
      afterRender(() => void writePending());
    }
  };
  for (const query of cache.getAll()) keep(query);
  const stop = cache.subscribe((event) => {
    if (putting || event.type !== 'updated' || event.action.type !== 'success') return;
    keep(event.query);
  });
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) void restoreQueries();
  return stop;
}

/** Writes what arrived since the last write (tests call it instead of waiting for idle time). */
export function writePending(): Promise<void> {
  scheduled = false;
  return serially(async () => {
    const db = await openDb();
    const cache = queryClient.getQueryCache();
    const rows: PersistedQuery[] = [];
    for (const [hash, query] of pending) {
      // a query removed since (the member signed out) is not written
      if (cache.get(hash) !== query || query.state.data === undefined) continue;
      rows.push({ hash, key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt });
    }
    pending.clear();
    if (rows.length) await db.queries.bulkPut(rows);
  });
}

/**
 * Removes the kept answers whose key starts with `first` (the wipe: 'me'), after every write asked
 * before; with the member's answers, the pages drawn from them (a ticket's, lib/saved-page.ts).
 */
export function removeKept(first: string): Promise<void> {
  for (const [hash, query] of pending) if (query.queryKey[0] === first) pending.delete(hash);
  return serially(async () => {
    // imported here, not above: its chunk's name would join the entry's preload list of this module
    if (first === 'me') await (await import('../lib/saved-page.ts')).forgetSavedPages();
    if (!(await storeOnDevice())) return;
    const db = await openDb();
    await db.queries
      .where('hash')
      .startsWith(`[${JSON.stringify(first)},`)
      .delete();
  });
}

/** Once the main thread is idle: React has rendered the answer and the browser painted it. */
function afterRender(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 300);
}
