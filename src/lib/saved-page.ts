/**
 * A ticket's page as the app last drew it, kept on the device so that, opened again (offline, at the
 * door, on a slow phone), its QR is in the first paint instead of after the app's start (≈ 1 s at
 * 4× CPU: docs/performance.md). The app saves the markup React rendered (`savePage`); the service
 * worker (src/sw.ts) writes it into the page it serves for that address (`withSavedPage`), inert,
 * and React replaces it when it mounts, as it replaces the header index.html paints (first-paint.tsx).
 * It is the app's own rendering, not a second one: nothing to keep in step. The copies are the
 * member's data: the sign-out wipe removes them with the answers they were drawn from
 * (`removeKept('me')`, data/persist.ts), a new version of the app too (its markup may differ).
 * Not in the entry: the ticket's screen and the persister load it.
 */

/** The Cache Storage cache holding the saved pages, by path. */
export const SAVED_PAGES = 'saved-pages';

/** The class of the saved copy's wrapper: styled like the live page (ui.css), never interactive. */
const SAVED_PAGE_CLASS = 'saved-page';

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** The shell's HTML with the saved copy in place of what `#root` holds (the guest's header). */
export function withSavedPage(shell: string, saved: string): string {
  return shell.replace(
    ROOT,
    (_, end: string) => `<div id="root"><div class="${SAVED_PAGE_CLASS}" inert>${saved}</div></div>${end}`,
  );
}

/** Whether this page was served with a saved copy (read before React replaces it). */
export const openedOnSavedPage =
  typeof document !== 'undefined' && document.querySelector(`#root > .${SAVED_PAGE_CLASS}`) !== null;

function savedPages(): Promise<Cache> | undefined {
  // no service worker, no one to serve the copy
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return undefined;
  return caches.open(SAVED_PAGES);
}

/** Keeps `#root` as drawn now for `path`, if the member is still on it. Never throws. */
export async function savePage(path: string): Promise<void> {
  const root = document.getElementById('root');
  if (!root || location.pathname !== path || root.querySelector(`.${SAVED_PAGE_CLASS}`)) return;
  const html = root.innerHTML;
  try {
    await (await savedPages())?.put(
      path,
      new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
  } catch {
    // storage full or refused: the page opens as it did before, only later
  }
}

/** Drops the copy of `path` (what it showed is no longer true: no ticket there now). */
export async function forgetPage(path: string): Promise<void> {
  try {
    await (await savedPages())?.delete(path);
  } catch {
    // nothing kept
  }
}

/** Drops every saved copy (sign-out). */
export async function forgetSavedPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(SAVED_PAGES);
  } catch {
    // nothing kept
  }
}
