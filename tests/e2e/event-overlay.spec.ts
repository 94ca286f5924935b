/**
 * The event overlay's 'Detalhes' and its close bar: the policy text (product-spec.md §2), the map replaced by
 * the address and 'Abrir no mapa' offline or when the frame never loads, and a close button that
 * sits in a sticky bar of its own instead of floating over the prices.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';

test.use({ viewport: { width: 390, height: 844 } });

const conference = DEMO_EVENTS.conference;
const ADDRESS = 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100';

/** OpenStreetMap answers with a blank page (the test machine may have no internet). */
async function fakeMapServer(page: Page, mode: 'answer' | 'hang') {
  await page.route('https://www.openstreetmap.org/**', async (route) => {
    if (mode === 'answer') await route.fulfill({ contentType: 'text/html', body: '<p>mapa</p>' });
    // 'hang': never answer, as on a network that drops packets
  });
}

async function openConference(page: Page): Promise<Locator> {
  await page.goto(`/?event=${conference.id}`);
  const dialog = page.getByRole('dialog', { name: conference.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

function details(dialog: Locator): Locator {
  return dialog
    .locator('section')
    .filter({ has: dialog.page().getByRole('heading', { name: 'Detalhes', exact: true }) });
}

test("'Detalhes' states the registration and check-in policy", async ({ page }) => {
  await fakeMapServer(page, 'answer');
  const section = details(await openConference(page));
  const policy = section.getByRole('list', { name: 'Participação' });
  await expect(policy.getByRole('listitem')).toHaveText([
    'Inscrição obrigatória: só participa quem tiver a inscrição confirmada.',
    'Check-in obrigatório na entrada: apresente o QR code da sua inscrição ou informe o código.',
    /^Check-in aberto de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
  ]);
});

test("the map: online a frame and 'Abrir no mapa'; offline the address and the link instead", async ({
  page,
  context,
}) => {
  await fakeMapServer(page, 'answer');
  let dialog = await openConference(page);
  let section = details(dialog);
  const frame = section.locator('iframe[title="Mapa do local"]');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toBeVisible();
  const link = section.getByRole('link', { name: /Abrir no mapa/ });
  await expect(link).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=-23\.564224&mlon=-46\.652857/,
  );
  await expect(link).toHaveAttribute('target', '_blank');

  // Offline: reopen from the home (stored event, overlay code already loaded).
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await context.setOffline(true);
  await page
    .getByRole('link', { name: new RegExp(conference.title) })
    .first()
    .click();
  dialog = page.getByRole('dialog', { name: conference.title });
  await expect(dialog).toBeVisible();
  section = details(dialog);
  await expect(section.locator('iframe')).toHaveCount(0);
  const fallback = section.locator('.venue-map-fallback');
  await fallback.scrollIntoViewIfNeeded();
  await expect(fallback).toContainText(ADDRESS);
  await expect(fallback.getByRole('link', { name: /Abrir no mapa/ })).toBeVisible();

  // Back online, the map comes back.
  await context.setOffline(false);
  await expect(section.locator('iframe[title="Mapa do local"]')).toBeVisible();
});

test('a map frame that never loads gives way to the address and the link', async ({ page }) => {
  await page.clock.install();
  await fakeMapServer(page, 'hang');
  const section = details(await openConference(page));
  const frame = section.locator('iframe[title="Mapa do local"]');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toBeVisible();
  // the frame's clock starts when it is seen in view (an IntersectionObserver's callback, which a busy
  // machine may deliver after this line): run the page's clock on until the frame gives way
  await expect
    .poll(async () => {
      await page.clock.runFor(13_000);
      return section.locator('iframe').count();
    })
    .toBe(0);
  await expect(section.locator('.venue-map-fallback')).toContainText(ADDRESS);
  await expect(section.getByRole('link', { name: /Abrir no mapa/ })).toBeVisible();
});

test('the close button sits in a sticky bar and never covers a price while scrolling', async ({ page }) => {
  await fakeMapServer(page, 'answer');
  const dialog = await openConference(page);
  const close = dialog.getByRole('button', { name: 'Fechar' });
  const bar = dialog.locator('.sheet-bar');
  const header = dialog.locator('.overlay-header');
  // At the top, the bar is above the header image, not over it.
  const [barBox, headerBox] = [await bar.boundingBox(), await header.boundingBox()];
  expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(headerBox!.y + 0.5);

  const prices = dialog.locator('.tier-price');
  const count = await prices.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) {
    const price = prices.nth(i);
    // Scroll the price to the top of the scrolling area, where the old floating button sat.
    await price.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const p = (await price.boundingBox())!;
    const c = (await close.boundingBox())!;
    const overlaps =
      p.x < c.x + c.width && c.x < p.x + p.width && p.y < c.y + c.height && c.y < p.y + p.height;
    expect(overlaps, `price ${i} under the close button`).toBe(false);
    // And the price is what is on screen at its centre (nothing drawn over it).
    const onTop = await price.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop, `price ${i} visible`).toBe(true);
    // The bar stays at the top of the sheet while scrolling.
    expect(Math.abs((await bar.boundingBox())!.y - barBox!.y)).toBeLessThan(1);
  }
});
