/**
 * The persister (persist.ts, with Dexie behind it) as the rest of the app calls it: loaded on first
 * use, so that a guest's first screen does not carry it. React-free.
 */
import { afterFirstScreen } from './after-first-screen.ts';

const persister = () => import('./persist.ts');

/**
 * A kept query's fetch: when it fails, the kept answers are restored before the failure is
 * reported, so the screen shows them (marked offline) rather than an error.
 */
export async function orKept<T>(fetch: () => Promise<T>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    await restoreQueries();
    throw error;
  }
}

/** Reads the kept answers into the cache; never throws. */
export async function restoreQueries(): Promise<void> {
  await (await persister()).restoreQueries();
}

/** Removes the kept answers whose key starts with `first` (the sign-out wipe: 'me'). */
export async function removeKept(first: string): Promise<void> {
  await (await persister()).removeKept(first);
}

/**
 * Starts keeping answers on the device: at once where the service worker served the page (the
 * installed app, maybe offline: what the device kept may be all there is to show), else once the
 * first screen is painted (the answers that arrived meanwhile are kept then).
 */
export function startPersisting(): void {
  const start = () => void persister().then((p) => p.startPersisting());
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) start();
  else afterFirstScreen(start);
}
