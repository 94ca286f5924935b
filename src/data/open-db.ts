/**
 * The browser store (db.ts), loaded and opened on first use: Dexie and the schema (≈ 30 KiB gzip,
 * a quarter of the start-up script time) are not part of the entry. The first screen of a visit
 * never waits for it: the query cache shows the API's answers, and persist.ts reads and writes the
 * store after the first paint (or at once where the service worker served the page: the installed
 * app, maybe offline, where the store may be all there is to show).
 */
import type { liveQuery as LiveQuery } from 'dexie';
import type { CongregaDb } from './db.ts';
import { DB_NAME } from './db-name.ts';

export interface Store {
  db: CongregaDb;
  liveQuery: typeof LiveQuery;
}

let opening: Promise<Store> | undefined;

/** The store, loading its chunk once. */
export function openStore(): Promise<Store> {
  opening ??= import('./db.ts').then(({ db, liveQuery }) => ({ db, liveQuery }));
  // A failed load (the chunk did not arrive) is tried again by the next caller.
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
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
