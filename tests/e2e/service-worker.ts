/**
 * A device that kept the app: the page reloaded once the app's service worker is active, so the
 * worker controls it (and it reloads offline).
 */
import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` and reloads it once the service worker is ready. The app registers the worker 3 s
 * after the page's load (SW_REGISTER_DELAY_MS, src/features/shell/deferred-update-prompt.tsx): the
 * page's clock, installed by the caller before the tab's first load (`page.clock.install()`), jumps
 * over them instead of the test waiting them out. The worker's install itself is awaited.
 */
export async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.clock.fastForward(3000);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
