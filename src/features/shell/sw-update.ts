import type { Workbox } from 'workbox-window';
import { create } from 'zustand';

/** Whether a new service worker is installed and waiting for the user to accept it. */
export const useSwUpdate = create<{ waiting: boolean }>(() => ({ waiting: false }));

let workbox: Workbox | null = null;
let accepted = false;

/**
 * Registers /sw.js (vite-plugin-pwa injectManifest build of src/sw.ts) in production builds only,
 * and raises `waiting` when an update is ready. Idempotent.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return;
  const { Workbox } = await import('workbox-window');
  if (workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => useSwUpdate.setState({ waiting: true }));
  wb.addEventListener('controlling', () => {
    if (accepted) window.location.reload();
  });
  try {
    await wb.register();
  } catch {
    // no service worker (private mode, unsupported): the app still works online
  }
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
}

/** Activates the waiting service worker (it answers `{type:'SKIP_WAITING'}`), then reloads. */
export function applyUpdate(): void {
  accepted = true;
  useSwUpdate.setState({ waiting: false });
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
  // if the page was not controlled yet, 'controlling' may never fire
  setTimeout(() => window.location.reload(), 3000);
}
