import type { Page } from '@playwright/test';

export interface StoreContents {
  registrations: { id: string; user_id: string }[];
  syncKeys: string[];
  events: number;
}

/**
 * What the app's IndexedDB (`congrega`) holds, read with the raw IndexedDB API. A device without it
 * holds nothing: it is not opened then, as an open would create it empty before the app does.
 */
export function storeContents(page: Page): Promise<StoreContents> {
  return page.evaluate(async () => {
    const nothing: StoreContents = { registrations: [], syncKeys: [], events: 0 };
    if (!(await indexedDB.databases()).some((d) => d.name === 'congrega')) return nothing;
    return new Promise<StoreContents>((resolve, reject) => {
      const open = indexedDB.open('congrega');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const idb = open.result;
        if (!Array.from(idb.objectStoreNames).includes('registrations')) {
          idb.close();
          resolve(nothing);
          return;
        }
        const tx = idb.transaction(['registrations', 'syncState', 'events'], 'readonly');
        const regs = tx.objectStore('registrations').getAll();
        const keys = tx.objectStore('syncState').getAllKeys();
        const events = tx.objectStore('events').count();
        tx.oncomplete = () => {
          idb.close();
          resolve({
            registrations: regs.result as StoreContents['registrations'],
            syncKeys: (keys.result as IDBValidKey[]).map(String),
            events: events.result,
          });
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
}
