/**
 * What a first visit costs: the header is painted from the HTML before any JS; the details overlay's code is fetched on intent (pointer, focus, touch)
 * and not on a plain visit; the update prompt and the service worker registration come after the
 * load event; the first card image of each row is eager with high priority, the others lazy; the first
 * API read starts in parallel with the JS and the store uses it; the browser store (Dexie) loads
 * after the first cards are on screen, and keeps them for offline use; nothing moves
 * when the events arrive (no layout shift on /, /all and /events/:id, even with a slow API); a
 * guest's visit downloads no other area's texts or code (check-in, editor, sign-in, checkout,
 * validation, the member's registrations).
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';
import { menuMessages } from '../../src/domain/messages.ts';
import { phoneNetwork } from './phone-network.ts';
import { storeContents } from './stored.ts';

test.use({ viewport: { width: 390, height: 844 } });

const OVERLAY_CHUNK = /\/assets\/event-overlay-[\w-]+\.js$/;
const PROMPT_CHUNKS = /\/assets\/(update-prompt|workbox-window)[\w.-]*\.js$/;
/** What a visit loads by itself once its first screen is painted (src/data/after-first-screen.ts). */
const AFTER_FIRST_SCREEN = [/\/assets\/menu-[\w-]+\.js$/, /\/assets\/db-[\w-]+\.js$/];

/** Until the visit's own loads after the first screen (the menu's code, the browser store) are in. */
async function afterFirstScreenLoads(urls: () => string[]) {
  await expect
    .poll(() => AFTER_FIRST_SCREEN.filter((chunk) => !urls().some((u) => chunk.test(u))).length)
    .toBe(0);
}

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) urls.push(r.url());
  });
  return urls;
}

test('the header is in the HTML, painted before any JS runs, and React puts its own in the same place', async ({
  browser,
  page,
}) => {
  const boxes = (p: Page) =>
    Promise.all(
      [
        p.getByRole('button', { name: menuMessages.openMenu }),
        p.getByRole('link', { name: menuMessages.home }),
        p.getByRole('link', { name: menuMessages.loginIcon }),
      ].map(async (l) => {
        await expect(l).toBeVisible();
        return l.boundingBox();
      }),
    );
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const staticPage = await noJs.newPage();
  await staticPage.goto('/');
  await expect(staticPage.locator('.logo-text')).toHaveText('Congrega');
  const before = await boxes(staticPage);
  await noJs.close();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title }).first()).toBeVisible();
  expect(await page.locator('header').count()).toBe(1); // React's replaced it, not added to it
  expect(await boxes(page)).toEqual(before);
});

test('the overlay code loads on intent, not on a plain visit', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  const card = page.getByRole('link', { name: new RegExp(DEMO_EVENTS.conference.title) }).first();
  await expect(card).toBeVisible();
  await afterFirstScreenLoads(() => scripts);
  expect(scripts.filter((u) => OVERLAY_CHUNK.test(u))).toEqual([]);

  const overlay = page.waitForRequest((r) => OVERLAY_CHUNK.test(r.url()));
  await card.hover();
  await overlay;
  await card.click();
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.conference.title })).toBeVisible();
});

test('keyboard focus on a card is intent too', async ({ page }) => {
  await page.goto('/all');
  const card = page.locator('.event-card-link').first();
  await expect(card).toBeVisible();
  const overlay = page.waitForRequest((r) => OVERLAY_CHUNK.test(r.url()));
  await card.focus();
  await overlay;
});

test('opening a shared overlay link loads the overlay code at once', async ({ page }) => {
  await page.goto(`/?event=${DEMO_EVENTS.conference.id}`);
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.conference.title })).toBeVisible();
});

test('the update prompt and the service worker registration wait until after the load event', async ({
  page,
}) => {
  const timeline: [string, number][] = [];
  const start = Date.now();
  page.on('load', () => timeline.push(['load', Date.now() - start]));
  page.on('request', (r) => {
    if (PROMPT_CHUNKS.test(r.url())) timeline.push(['prompt', Date.now() - start]);
  });
  await page.goto('/');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean))).toBe(false);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean)), {
      timeout: 15_000,
    })
    .toBe(true);
  const load = timeline.find(([n]) => n === 'load')![1];
  const prompt = timeline.filter(([n]) => n === 'prompt').map(([, t]) => t);
  expect(prompt.length).toBeGreaterThan(0);
  // SW_REGISTER_DELAY_MS after load (3 s; allow for timer slack)
  for (const t of prompt) expect(t - load).toBeGreaterThan(2500);
});

test('the first card image of each row on / is eager with high priority, the others lazy', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title })).toBeVisible();
  const rows = page.locator('.event-grid');
  expect(await rows.count()).toBe(2); // the seed has events happening now and upcoming ones
  for (const row of await rows.all()) {
    const images = row.locator('.event-card img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    const rest = await images.evaluateAll((els) =>
      els.slice(1).map((e) => [e.getAttribute('loading'), e.getAttribute('fetchpriority')]),
    );
    for (const [loading, priority] of rest) {
      expect(loading).toBe('lazy');
      expect(priority).not.toBe('high');
    }
  }
  expect(await page.locator('.event-card img[loading="lazy"]').count()).toBeGreaterThan(0);
});

for (const path of ['/', '/all', `/events/${DEMO_EVENTS.conference.id}`]) {
  test(`nothing moves on ${path} when the events arrive late`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        })[]) {
          if (!e.hadRecentInput)
            w.__shifts.push({
              value: e.value,
              nodes: e.sources.map((s) => (s.node as Element | undefined)?.className ?? '?'),
            });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // a slow API: the skeletons paint first, then the data replaces them
    await page.route('**/functions/v1/api/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(path);
    await expect(page.locator('.event-card-link, .event-hero h1').first()).toBeVisible();
    // every read and image answered (each read 1.5 s late) and nothing asked for 500 ms
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);
    expect(shifts).toEqual([]);
  });
}

// The first API read starts while the JS loads (first-read.ts preloads it) and the events store's
// fetch takes that answer: one request, with no header (public, no session, no CORS preflight).
for (const [path, read] of [
  ['/', '/functions/v1/api/v1/events/upcoming'],
  [`/events/${DEMO_EVENTS.conference.id}`, `/functions/v1/api/v1/events/${DEMO_EVENTS.conference.id}`],
] as const) {
  test(`the first read of ${path} starts before the app's JS has arrived and is used once`, async ({
    page,
  }) => {
    // Both times from the browser's own request timing: the test process's clock sees the events
    // late and in no fixed order.
    const reads: { headers: Record<string, string>; startedAt: number }[] = [];
    const entryDone: number[] = [];
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/preload/i.test(m.text())) warnings.push(m.text());
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === read)
        reads.push({ headers: r.headers(), startedAt: r.timing().startTime });
    });
    page.on('requestfinished', (r) => {
      const t = r.timing();
      if (/\/assets\/vendor-[\w-]+\.js$/.test(r.url())) entryDone.push(t.startTime + t.responseEnd);
    });
    await phoneNetwork(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title }).first()).toBeVisible();
    // Chromium warns of an unused preload 3 s after the load event
    await page.waitForFunction(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return Boolean(nav?.loadEventEnd) && performance.now() > nav!.loadEventEnd + 3500;
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.startedAt).toBeLessThan(entryDone[0]!);
    expect(Object.keys(reads[0]!.headers).filter((h) => /^(apikey|authorization)$/i.test(h))).toEqual([]);
    expect(warnings).toEqual([]);
  });
}

// A first visit shows the API's answer from memory: the browser store's code (Dexie, ≈ 30 KiB gzip)
// is fetched only once the first screen is shown, and then keeps what it showed for a visit offline.
for (const path of ['/', `/events/${DEMO_EVENTS.conference.id}`]) {
  test(`${path}: the browser store loads after the first screen, and keeps what it showed`, async ({
    page,
  }) => {
    await page.addInitScript((title) => {
      new MutationObserver((_, observer) => {
        const headings = [...document.querySelectorAll('#root main :is(h1, h2, h3)')];
        if (!headings.some((h) => h.textContent === title)) return;
        (window as { shownAt?: number }).shownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, DEMO_EVENTS.conference.title);
    await phoneNetwork(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title }).first()).toBeVisible();
    const storeCode = () =>
      page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => /\/assets\/db-[\w-]+\.js$/.test(e.name));
        return entry
          ? { requestedAt: entry.startTime, shownAt: (window as { shownAt?: number }).shownAt }
          : null;
      });
    await expect.poll(storeCode).not.toBeNull();
    const { requestedAt, shownAt } = (await storeCode())!;
    expect(shownAt).toBeDefined();
    expect(requestedAt).toBeGreaterThan(shownAt!);
    await expect.poll(async () => (await storeContents(page)).events, { timeout: 10_000 }).toBeGreaterThan(0);
  });
}

// The first read's answer names the first cards' images: first-read.ts starts them then, before
// the app's JS has rendered a card, and the cards use that download (one request each).
for (const [path, images] of [
  ['/', '.event-card img[fetchpriority="high"]'],
  [`/events/${DEMO_EVENTS.conference.id}`, '.event-hero-image'],
] as const) {
  test(`${path}: the first images start from the first read's answer, before any card, and are fetched once`, async ({
    page,
  }) => {
    await page.addInitScript((selector) => {
      const w = window as unknown as { __cardAt?: number };
      new MutationObserver(() => {
        w.__cardAt ??= document.querySelector(selector) ? Date.now() : undefined;
      }).observe(document, { subtree: true, childList: true });
    }, images);
    const started = new Map<string, number[]>();
    page.on('requestfinished', (r) =>
      started.set(r.url(), [...(started.get(r.url()) ?? []), r.timing().startTime]),
    );
    await phoneNetwork(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title }).first()).toBeVisible();
    const shown = await page
      .locator(images)
      .evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
    expect(shown).toHaveLength(path === '/' ? 2 : 1);
    await page.waitForLoadState('load');
    const cardAt = await page.evaluate(() => (window as unknown as { __cardAt: number }).__cardAt);
    for (const src of shown) {
      expect(started.get(src)).toHaveLength(1);
      expect(started.get(src)![0]).toBeLessThan(cardAt);
    }
  });
}

// What each area's chunks carry, found by content (chunk names change with the bundler's grouping).
const AREA_MARKERS: Record<string, string> = {
  'check-in texts': 'inscritos neste aparelho',
  'event editor texts': 'O título é obrigatório.',
  'sign-in texts': 'Você ainda não confirmou seu email',
  'checkout texts': 'Opss... as inscrições desse lote esgotaram',
  'payment texts': 'Pague com PIX',
  'staff review texts': 'Comprovantes em análise',
  'form validation texts': 'Insira um CPF válido',
  'valibot (form and request schemas)': 'valibot',
};
// Code only a signed-in member runs: their registrations, the ticket QR and check-in section.
const MEMBER_CHUNKS = /\/assets\/(member-registrations|checkin-section|ticket-qr)-[\w-]+\.js$/;

for (const path of ['/', `/events/${DEMO_EVENTS.conference.id}`]) {
  test(`a guest's ${path} downloads no other area's texts or code`, async ({ page }) => {
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push({ url: r.url(), body: r.text() });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DEMO_EVENTS.conference.title }).first()).toBeVisible();
    await page.waitForLoadState('load');
    // anything loaded right after the first paint (not the service worker's precache: not the page's)
    await afterFirstScreenLoads(() => scripts.map((s) => s.url));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.map((s) => s.url).filter((u) => MEMBER_CHUNKS.test(u))).toEqual([]);
    const bodies = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
    const found = Object.entries(AREA_MARKERS).flatMap(([area, marker]) =>
      bodies.filter((b) => b.body.includes(marker)).map((b) => `${area} in ${new URL(b.url).pathname}`),
    );
    expect(found).toEqual([]);
  });
}
