/**
 * Whether this screen of the app would open again with no network: a service worker is active
 * (installed: its precache is complete) and every script and style the page loaded is in Cache
 * Storage. The staff's chunks are not precached (vite.config.ts); the service worker keeps them when
 * first fetched through it, and this fills the gaps (chunks fetched before it controlled the page).
 * React-free.
 */

/** The runtime cache of /assets/* (src/sw.ts). */
const ASSETS_CACHE = 'assets';

/** Same-origin scripts and styles this page has loaded (resource timing), plus `extra`. */
function loadedAssets(extra: readonly string[]): string[] {
  const urls = new Set<string>(extra.map((u) => new URL(u, location.href).href));
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) {
      urls.add(`${url.origin}${url.pathname}`);
    }
  }
  return [...urls];
}

/**
 * Answers true when the app is stored for offline use on this device; online, it stores what is
 * missing first. Never throws (no Cache Storage, no service worker: false).
 */
export async function storeAppForOffline(extra: readonly string[] = []): Promise<boolean> {
  try {
    if (typeof caches === 'undefined' || !('serviceWorker' in navigator)) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active) return false;
    // the shell every navigation answers with (the precache keys it with a revision)
    if (!(await caches.match('/index.html', { ignoreSearch: true }))) return false;
    let complete = true;
    let cache: Cache | null = null;
    for (const url of loadedAssets(extra)) {
      if (await caches.match(url)) continue;
      if (!navigator.onLine) {
        complete = false;
        continue;
      }
      try {
        cache ??= await caches.open(ASSETS_CACHE);
        await cache.add(url);
      } catch {
        complete = false;
      }
    }
    return complete;
  } catch {
    return false;
  }
}
