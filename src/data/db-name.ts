/** The IndexedDB database of the browser store, named apart from db.ts so that open-db.ts can look for it without loading Dexie. */
export const DB_NAME = 'congrega';
