/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { SAVED_PAGES, withSavedPage } from './lib/saved-page.ts';

declare const self: ServiceWorkerGlobalScope;

// App shell and route chunks; API responses are never cached here (private data lives in Dexie).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The chunks left out of the precache (staff screens, sign-in, checkout: vite.config.ts) are kept
// when first fetched: a door device that opened the door once opens it offline after. Hashed names
// never change content, so cache-first; the oldest go once there are many (old versions' chunks).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

// Server paths; the app's own /auth/* screens are navigations of the shell.
const NOT_APP = /^\/(auth\/v1|functions|storage|realtime|_dev)\//;
const shell = createHandlerBoundToURL('/index.html');

/** The ticket's route files (vite.config.ts, `ticketFiles`), as the page's preload links. */
declare const TICKET_FILES: string[];
const TICKET = /^\/my-registrations\/[^/]+\/?$/;
const ticketLinks = TICKET_FILES.map((file) =>
  file.endsWith('.css')
    ? `<link rel="stylesheet" href="/${file}">`
    : `<link rel="modulepreload" href="/${file}">`,
).join('');

// A ticket (maybe opened offline, on a slow phone): the page names its route's files, so they are
// read and compiled while the entry runs, not after the router asks for them, and shows the ticket
// as the app last drew it, until the app has started (lib/saved-page.ts; docs/performance.md).
registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await shell(options);
      if (!TICKET.test(options.url.pathname) || !response.ok) return response;
      const saved = await caches
        .match(options.url.pathname, { cacheName: SAVED_PAGES })
        .then((page) => page?.text())
        .catch(() => undefined);
      let html = (await response.text()).replace('</head>', `${ticketLinks}</head>`);
      if (saved) html = withSavedPage(html, saved);
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(html, { status: response.status, headers });
    },
    { denylist: [NOT_APP] },
  ),
);

// Public event/speaker images: cache-first with expiry so the home renders offline.
registerRoute(
  ({ url }) => url.pathname.startsWith('/storage/v1/object/public/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// A new version's markup and styles may differ from the copies the old one saved.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(SAVED_PAGES)));

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (Chromium): the door's outbox asked to be woken when the network is back. The
// flush itself runs in an open tab (it holds the session), so the wake-up is relayed to the tabs.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== 'outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((tabs) => {
      for (const tab of tabs) tab.postMessage({ type: 'outbox-sync' });
    }),
  );
});
