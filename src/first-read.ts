/**
 * The page's first API read, started while the app's JS is still on its way. A module of its own
 * (no imports; `async` in index.html, so it runs as soon as it arrives) that fetches exactly the
 * public read the page's first query makes on this address (the home's upcoming events, an event)
 * and leaves the pending answer for it: that query's fetch takes it (`takeFirstRead` in lib/api.ts,
 * once), so it seeds the query cache. Without it the read would start only after the entry, the
 * route chunks and React have run. Works on a static host too: the address is read in the browser,
 * the API's origin is the build's. (A `<link rel="preload" as="fetch">` would do the same on paper,
 * but whether the query's fetch adopts it is the browser's call: under Chromium's DevTools tracing
 * it hung; handing over the promise cannot miss.)
 *
 * When the answer arrives it also starts the first cards' images (`firstImages`), which the page
 * would otherwise request only once the JS has arrived and rendered the cards: on a phone the
 * largest paint is a card's image, and it then downloads while the JS is still on its way.
 */

/** The first read of the screens a visitor lands on from outside: the home and an event's page. */
export function firstReadUrl(pathname: string, base: string): string | null {
  const api = `${base}/functions/v1/api/v1/events`;
  if (pathname === '/') return `${api}/upcoming`;
  const event = /^\/events\/([^/]+)\/?$/.exec(pathname);
  return event ? `${api}/${event[1]}` : null;
}

/** Public URL of an image kept in the `images` storage bucket (`imageUrl` in lib/config.ts). */
export function publicImageUrl(path: string | null | undefined, base: string): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${base}/storage/v1/object/public/images/${path}`;
}

/**
 * The images of the cards a phone shows first: an event's own, or the first two of a list (soonest
 * first: the first card under 'Acontecendo agora' and the first of the general row, the two the
 * home loads eagerly; when they are other events, one image too many is fetched, nothing breaks).
 */
export function firstImages(answer: unknown): string[] {
  const events = Array.isArray(answer) ? answer.slice(0, 2) : [answer];
  return events
    .map((e) => (e && typeof e === 'object' ? (e as { image?: unknown }).image : null))
    .filter((image): image is string => typeof image === 'string' && image !== '');
}

/** Where the pending answer waits for the query (lib/api.ts reads it by this name). */
export interface FirstRead {
  url: string;
  at: number;
  response: Promise<Response>;
}

/**
 * Where the Supabase surface lives (`supabaseUrl` in lib/config.ts). This rule and the image URL's
 * are repeated here so that this file imports nothing: an import would make it wait for a shared
 * chunk. The e2e tests prove both ends agree: the query takes this read, the cards these images.
 */
const base =
  typeof document === 'undefined'
    ? null
    : (import.meta.env.VITE_SUPABASE_URL as string | undefined) || location.origin;
const url = base && firstReadUrl(location.pathname, base);
if (base && url) {
  // asked every time, as lib/api.ts asks its public reads (the answer is cacheable for a CDN)
  const response = fetch(url, { cache: 'no-cache' });
  (globalThis as { congregaFirstRead?: FirstRead }).congregaFirstRead = { url, at: Date.now(), response };
  response
    .then((r) => (r.ok ? r.clone().json() : null))
    .then((answer) => {
      for (const path of firstImages(answer)) {
        // An Image, not <link rel=preload>: no console warning when a guessed one is not shown.
        const image = new Image();
        image.fetchPriority = 'high';
        image.src = publicImageUrl(path, base)!;
      }
    })
    .catch(() => undefined); // a failure is the query's to report, when it takes the answer
}
