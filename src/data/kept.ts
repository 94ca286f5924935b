/**
 * The answers that must open offline (public events, the congregations, the signed-in member's own
 * data): TanStack Query's per-query persister over a small IndexedDB store (database
 * `congrega-queries`, apart from the Dexie store so a guest's first screen never loads Dexie). A query
 * is kept by one line in its queryOptions, `persister: keptOffline`. Its first fetch on a page reads
 * the kept copy (shown at once, even offline, and fetched again when stale); each answer fetched is
 * written. The sign-out wipe (member-data.ts) removes the 'me' ones. React-free.
 */
import { notifyManager } from '@tanstack/query-core';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { queryClient } from './query-client.ts';

export const KEPT_DB_NAME = 'congrega-queries';
const STORE = 'kept';
const PREFIX = 'query';

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(KEPT_DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

/**
 * One request in a transaction of its own. Transactions on one store run in the order they are
 * created, so a wipe lands after every write asked before it.
 */
async function request<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return answer(run((await database()).transaction(STORE, mode).objectStore(STORE)));
}

function answer<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export const keptQueries = experimental_createQueryPersister({
  storage: {
    getItem: (key) => request<string | undefined>('readonly', (s) => s.get(key)),
    setItem: (key, value) =>
      // a query removed since its fetch began (the member signed out meanwhile) is not written
      queryClient.getQueryCache().get(key.slice(PREFIX.length + 1))
        ? request('readwrite', (s) => s.put(value, key))
        : undefined,
    removeItem: async (key) => {
      await request('readwrite', (s) => s.delete(key));
    },
    entries: async () => {
      // keys and values read in one transaction, so they pair up
      const store = (await database()).transaction(STORE).objectStore(STORE);
      const [keys, values] = await Promise.all([
        answer(store.getAllKeys()),
        answer<string[]>(store.getAll()),
      ]);
      return keys.map((key, i): [string, string] => [String(key), values[i]!]);
    },
  },
  prefix: PREFIX,
  // a ticket kept months ago still opens offline; each fetch replaces it
  maxAge: Number.POSITIVE_INFINITY,
  // asked again below: the library's own refetch leaves an offline failure unhandled
  refetchOnRestore: false,
});

/**
 * The `persister` of every query kept on the device. A kept answer shown is asked again at once,
 * however fresh (a new page checks the session and the member's data with the API); offline, that
 * failure lands on the query (the screen says it is offline and keeps what it shows).
 */
export const keptOffline: typeof keptQueries.persisterFn = async (queryFn, context, query) => {
  let asked = false;
  const data = await keptQueries.persisterFn(
    (ctx) => {
      asked = true;
      return queryFn(ctx);
    },
    context,
    query,
  );
  // scheduled after the library's restore (which sets when the kept answer was fetched)
  if (!asked) notifyManager.schedule(() => void query.fetch().catch(() => undefined));
  return data;
};
