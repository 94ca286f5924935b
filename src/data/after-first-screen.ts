/**
 * Work the first screen does not need (the persister, the menu's code) waits until that screen is
 * painted. Idle time alone comes too early: a page waiting for its API answer or its first image is
 * idle, and a chunk fetched then shares a slow phone's link with them (on a loaded or slow device it
 * arrived before the largest paint: docs/performance.md, "JS before LCP"). React-free.
 */
import { queryClient } from './query-client.ts';

/** Checked this often until the first screen is painted; after `GIVE_UP_MS` the work runs anyway. */
const CHECK_MS = 250;
const GIVE_UP_MS = 10_000;

/**
 * The first screen is painted: the page has loaded, a screen has rendered into `<main>` (index.html
 * holds it empty), no read is in flight and every image it shows at once (not `loading="lazy"`) has
 * arrived.
 */
export function firstScreenPainted(doc: Document = document): boolean {
  if (doc.readyState !== 'complete' || queryClient.isFetching() > 0) return false;
  if (!doc.querySelector('main')?.childElementCount) return false;
  for (const img of Array.from(doc.images)) if (img.loading !== 'lazy' && !img.complete) return false;
  return true;
}

/**
 * Runs `work` once the first screen is painted (`firstScreenPainted`) and the main thread is idle,
 * or after 10 s whatever the screen. Returns a cancel function.
 */
export function afterFirstScreen(work: () => void, doc: Document = document): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const check = () => {
    timer = undefined;
    if (!firstScreenPainted(doc) && Date.now() - started < GIVE_UP_MS) timer = setTimeout(check, CHECK_MS);
    else if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(work, { timeout: 1000 });
    else work();
  };
  check();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
