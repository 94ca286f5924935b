import { expect, type Page } from '@playwright/test';

export interface StoreContents {
  /** the registrations in every member's kept answer of their registrations */
  registrations: { id: string; user_id: string }[];
  /** the kept queries' keys (the query cache's hashes, e.g. '["me","<id>","registrations"]') */
  keys: string[];
  /** events in the kept answers of the 'events' queries */
  events: number;
}

/**
 * What the app's IndexedDB (`congrega`) keeps of the query cache (table `queries`), read with the
 * raw IndexedDB API. A device without it holds nothing: it is not opened then, as an open would
 * create it empty before the app does.
 */
export function storeContents(page: Page): Promise<StoreContents> {
  return page.evaluate(async () => {
    const nothing: StoreContents = { registrations: [], keys: [], events: 0 };
    if (!(await indexedDB.databases()).some((d) => d.name === 'congrega')) return nothing;
    return new Promise<StoreContents>((resolve, reject) => {
      const open = indexedDB.open('congrega');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const idb = open.result;
        if (!Array.from(idb.objectStoreNames).includes('queries')) {
          idb.close();
          resolve(nothing);
          return;
        }
        const tx = idb.transaction(['queries'], 'readonly');
        const rows = tx.objectStore('queries').getAll();
        tx.oncomplete = () => {
          idb.close();
          const kept = rows.result as { hash: string; key: unknown[]; data: unknown }[];
          const answers = (first: string, last?: string) =>
            kept.filter((r) => r.key[0] === first && (!last || r.key.at(-1) === last)).map((r) => r.data);
          resolve({
            registrations: answers('me', 'registrations').flatMap((d) => (Array.isArray(d) ? d : [])),
            keys: kept.map((r) => r.hash),
            events: answers('events').reduce<number>(
              (n, d) => n + (Array.isArray(d) ? d.length : d ? 1 : 0),
              0,
            ),
          });
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
}

/** Waits until the device keeps some of the member's registrations (the home writes them after its paint). */
export async function expectRegistrationsKept(page: Page): Promise<void> {
  await expect
    .poll(async () => (await storeContents(page)).registrations.length, { message: 'registrations stored' })
    .toBeGreaterThan(0);
}
