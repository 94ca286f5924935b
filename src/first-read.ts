/**
 * The page's first API read, started while the app's JS is still on its way. A module of its own
 * (no imports; `async` in index.html, so it runs as soon as it arrives) that fetches exactly the
 * public read the events store makes first on this address and leaves the pending answer for it
 * (`takeFirstRead` in lib/api.ts, once). Without it the read would start only after the entry, the
 * route chunks and React have run. Works on a static host too: the address is read in the browser,
 * the API's origin is the build's. (A `<link rel="preload" as="fetch">` would do the same on paper,
 * but whether the store's fetch adopts it is the browser's call: under Chromium's DevTools tracing
 * it hung; handing over the promise cannot miss.)
 */

/** The first read of the screens a visitor lands on from outside: the home and an event's page. */
export function firstReadUrl(pathname: string, base: string): string | null {
  const api = `${base}/functions/v1/api/v1/events`;
  if (pathname === '/') return `${api}/upcoming`;
  const event = /^\/events\/([^/]+)\/?$/.exec(pathname);
  return event ? `${api}/${event[1]}` : null;
}

/** Where the pending answer waits for the store (lib/api.ts reads it by this name). */
export interface FirstRead {
  url: string;
  at: number;
  response: Promise<Response>;
}

// Same rule as `SUPABASE_URL` in lib/config.ts, repeated so that this file imports nothing (an
// import would make it wait for a shared chunk); the e2e test proves both give the same URL.
const url =
  typeof document === 'undefined'
    ? null
    : firstReadUrl(
        location.pathname,
        (import.meta.env.VITE_SUPABASE_URL as string | undefined) || location.origin,
      );
if (url) {
  const response = fetch(url);
  response.catch(() => undefined); // a failure is the store's to report, when it takes the answer
  (globalThis as { congregaFirstRead?: FirstRead }).congregaFirstRead = { url, at: Date.now(), response };
}
