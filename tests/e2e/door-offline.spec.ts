/**
 * The door on a device that opened it once, online: the staff's chunks are not in the service
 * worker's precache (only what guests and members use is), yet the door reloads and decides with the
 * network cut, because the chunks it used were kept when first fetched. Its readiness status says
 * 'ready to work without internet' only once both the app and the roster are on the device. And its
 * connection status tells whether the server answers, not what navigator.onLine says.
 * (These tests queue no check-in on the server: checkin.spec.ts counts the server's.)
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_USERS } from '../../server/seed/demo.ts';
import { checkinMessages } from '../../src/domain/messages/checkin.ts';
import { signIn } from './login.ts';

const EVENT = DEMO_EVENTS.happeningNow;
const readiness = (page: Page) => page.getByTestId('door-readiness');

/** The URLs of the service worker's precache (workbox's cache). */
function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('opened once online, the door reloads and decides offline; its chunks were kept at first use, not precached', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.voluntario.email);
  await page.goto('/admin/checkin');
  await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
  await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
  await expect(readiness(page)).toHaveText(
    'Pronto para funcionar sem internet: o app e a lista de inscritos estão neste aparelho.',
    { timeout: 30_000 },
  );
  // the state that status stands for: a service worker installed (precache complete) and the door's
  // own chunk in the runtime cache, not in the precache
  const door = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const chunk = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .find((p) => /^\/assets\/checkin-.+\.js$/.test(p));
    return {
      active: Boolean(registration?.active),
      chunk,
      kept: chunk ? Boolean(await (await caches.open('assets')).match(chunk)) : false,
    };
  });
  expect(door.active).toBe(true);
  expect(door.kept).toBe(true);
  expect(await precachedUrls(page)).not.toContain(door.chunk);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Checkin', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Escolha o evento')).toHaveValue(EVENT.id);
  await expect(readiness(page)).toHaveText(/^Pronto para funcionar sem internet/);
  const notPaid = DEMO_ATTENDEES.at(-1)!;
  await page.getByLabel('Código manual ou CPF').fill(notPaid.seq);
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(page.getByText(/ainda não está paga/)).toBeVisible();
  await expect(page.getByTestId('door-feedback-name')).toHaveText(notPaid.name);
  await page.getByLabel('Código manual ou CPF').fill('000-000');
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(page.getByText(/Inscrição não encontrada/)).toBeVisible();
  await context.setOffline(false);
});

test.describe('no service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('without a service worker the door never says it works without internet, roster or not', async ({
    page,
  }) => {
    // Playwright's block answers the registration with this warning: the registration was tried
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Service Worker registration blocked')) blocked.push(m.text());
    });
    // the page's clock: the registration's delay after the load and the door's re-checks run on it
    await page.clock.install();
    await signIn(page, DEMO_USERS.voluntario.email);
    await page.goto('/admin/checkin');
    await expect(readiness(page)).toHaveText(
      'Ainda não funciona sem internet. Falta: guardar o app neste aparelho (abra com internet e aguarde); escolher o evento.',
    );
    await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
    await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
    await expect(readiness(page)).toHaveText(
      'Ainda não funciona sem internet. Falta: guardar o app neste aparelho (abra com internet e aguarde).',
    );
    // and it stays so once the service worker registration (3 s after the load: SW_REGISTER_DELAY_MS)
    // failed, through the door's next checks of the app (every 2 s while it is not stored)
    await page.clock.runFor(3000);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    await page.clock.runFor(5000);
    await expect(readiness(page)).toHaveText(/^Ainda não funciona sem internet\. Falta: guardar o app/);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean))).toBe(false);
  });
});

test.describe('a venue Wi-Fi with no way out', () => {
  // the page's own requests, as the door makes them (a service worker's are not routed by Playwright)
  test.use({ serviceWorkers: 'block' });
  test('the status reads offline while the server does not answer although the browser says online, and the event list comes back when it answers, without a reload', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const status = page.getByTestId('door-connection');
    const options = page.getByLabel('Escolha o evento').locator('option');
    await signIn(page, DEMO_USERS.voluntario.email);
    await page.goto('/admin/checkin');
    await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
    await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText(checkinMessages.online);
    await expect(options.filter({ hasText: DEMO_EVENTS.conference.title })).toHaveCount(1);

    // the API stops answering; the browser still has a network
    const api = '**/functions/v1/api/**';
    await page.route(api, (route) => route.abort('internetdisconnected'));
    await expect(status).toHaveText(checkinMessages.offline, { timeout: 20_000 });
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(status).toHaveText(checkinMessages.offline);
    await expect(page.getByText(/^Checkin com a lista deste aparelho/)).toBeVisible();
    // the events offered are the rosters kept here
    await expect(page.getByLabel('Escolha o evento')).toHaveValue(EVENT.id);
    await expect(options.filter({ hasText: DEMO_EVENTS.conference.title })).toHaveCount(0);

    // the server answers again: 'Online', and the event list is asked again, with no reload
    await page.unroute(api);
    await expect(status).toHaveText(checkinMessages.online, { timeout: 20_000 });
    await expect(options.filter({ hasText: DEMO_EVENTS.conference.title })).toHaveCount(1);
    await expect(page.getByText(/^Checkin com a lista deste aparelho/)).toHaveCount(0);
  });
});
