import type { Page } from '@playwright/test';

/** A phone's network, not loopback's: on loopback the JS arrives in a millisecond and no race says anything. */
export async function phoneNetwork(page: Page, latencyMs = 150) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}
