/**
 * The member's registrations on a phone (390 × 844), on the real local host (demo seed): tonight's
 * paid ticket is under 'Acontecendo agora', one tap from its QR; the check-in prompt greets the
 * member on the home during the check-in window; a removed event's registration is kept and says
 * the event was removed, with no ticket.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY, ownEvent, tokenOf } from './api.ts';
import { signIn } from './login.ts';
import { expectRegistrationsKept } from './stored.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

function api(request: APIRequestContext, token: string) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  const url = (path: string) => `/functions/v1/api${path}`;
  return {
    get: (path: string) => request.get(url(path), { headers }),
    post: (path: string, data: unknown) => request.post(url(path), { headers, data }),
    delete: (path: string) => request.delete(url(path), { headers }),
  };
}

test("tonight's paid ticket is under 'Acontecendo agora', first, one tap from its QR", async ({ page }) => {
  await signIn(page, DEMO_USERS.membro.email);
  await page.goto('/my-registrations');
  const now = page.getByTestId('happening-now');
  await expect(now.getByRole('heading', { name: 'Acontecendo agora' })).toBeVisible();
  // the first group on the screen
  await expect(page.locator('.registration-group').first()).toHaveAttribute('data-testid', 'happening-now');
  const card = now.getByTestId('registration-card').filter({ hasText: DEMO_EVENTS.happeningNow.title });
  await expect(card).toContainText('Ver ingresso »');
  await expect(page.getByRole('heading', { name: 'Eventos passados' })).toHaveCount(0);
  await card.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === `/my-registrations/${DEMO_REGISTRATIONS.membroHappeningNow.id}`,
  );
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
});

test('the check-in prompt greets a member with a paid ticket on the home during the check-in window', async ({
  page,
  request,
}) => {
  // secretaria@ takes the free ticket of the event happening now (no spec checks her in)
  const member = api(request, await tokenOf(request, DEMO_USERS.secretaria.email));
  const bought = await member.post(
    `/v1/checkout/${DEMO_EVENTS.happeningNow.id}/${DEMO_TIERS.happeningNowFree.id}`,
    {
      tierId: DEMO_TIERS.happeningNowFree.id,
    },
  );
  expect([201, 409]).toContain(bought.status());

  await signIn(page, DEMO_USERS.secretaria.email, { checkinPrompt: true });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const overlay = page.getByRole('dialog', { name: 'Está na hora de fazer o Check-in...' });
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  await expect(overlay.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  // 'Fechar' hides it for this tab, also on the next load
  await overlay.getByRole('button', { name: 'Fechar' }).click();
  await expect(overlay).toHaveCount(0);
  await page.goto('/my-registrations');
  await expect(page.getByTestId('happening-now')).toContainText(DEMO_EVENTS.happeningNow.title);
  await expect(overlay).toHaveCount(0);
});

test("a removed event's registration is kept, says the event was removed, and shows no ticket", async ({
  page,
  request,
}) => {
  const admin = api(request, await tokenOf(request, DEMO_USERS.admin.email));
  const { eventId, tierIds } = await ownEvent(
    request,
    { title: 'Encontro que será removido', methods: [], days: 5 },
    [{ name: 'Gratuito', price: 0 }],
  );
  const tierId = tierIds[0]!;
  const member = api(request, await tokenOf(request, DEMO_USERS.membro.email));
  const bought = await member.post(`/v1/checkout/${eventId}/${tierId}`, { tierId });
  expect(bought.status()).toBe(201);
  const [{ registration_id }] = (await bought.json()) as [{ registration_id: string }];
  expect((await admin.delete(`/v1/admin/events/${eventId}`)).status()).toBe(200);

  await signIn(page, DEMO_USERS.membro.email);
  await page.goto('/my-registrations');
  const removed = page.getByRole('region', { name: 'Eventos removidos' });
  const card = removed.getByTestId('registration-card').filter({ hasText: 'Encontro que será removido' });
  await expect(card).toContainText('Evento removido');
  await expect(page.getByRole('region', { name: 'Inscrições ativas' })).not.toContainText(
    'Encontro que será removido',
  );
  await card.click();
  await expect(page).toHaveURL((url) => url.pathname === `/my-registrations/${registration_id}`);
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByTestId('event-removed')).toContainText(
    'Este evento foi removido pela organização.',
  );
  await expect(detail.getByRole('img', { name: /QR code do ingresso/ })).toHaveCount(0);
  await expect(detail.getByText('Apresente este QR code na entrada.', { exact: false })).toHaveCount(0);
});

/** The topics of the realtime channels the page asked to join, and those the host has joined (its 'ok'). */
function realtimeJoins(page: Page) {
  const asked: string[] = [];
  const joined = new Set<string>();
  // realtime-js speaks JSON objects (vsn 1.0.0) or arrays [joinRef, ref, topic, event, payload] (2.0.0)
  const read = (frame: string | Buffer) => {
    try {
      const m = JSON.parse(String(frame));
      return (Array.isArray(m) ? { topic: m[2], event: m[3], payload: m[4] } : m) as {
        topic?: string;
        event?: string;
        payload?: { status?: string };
      };
    } catch {
      return null;
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      const m = read(payload);
      if (m?.event === 'phx_join' && m.topic) asked.push(m.topic);
    });
    ws.on('framereceived', ({ payload }) => {
      const m = read(payload);
      if (m?.event === 'phx_reply' && m.payload?.status === 'ok' && m.topic) joined.add(m.topic);
    });
  });
  return { asked, joined };
}

test("a free registration's checkout goes to /event-welcome when the door checks the member in", async ({
  page,
  request,
}) => {
  // lider@ on the Bible study's free tier (no other spec registers lider@ there)
  const realtime = realtimeJoins(page);
  await signIn(page, DEMO_USERS.lider.email);
  await page.goto(`/checkout/${DEMO_EVENTS.bibleStudy.id}/${DEMO_TIERS.bibleStudyFree.id}`);
  const checkout = page.waitForResponse((r) => r.url().includes('/v1/checkout/') && r.ok());
  const joinsBefore = realtime.asked.length;
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  const [{ registration_id }] = (await (await checkout).json()) as [{ registration_id: string }];
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  // the ticket's subscription to the member's check-ins is in place on the host before the door scans
  await expect
    .poll(() =>
      realtime.asked
        .slice(joinsBefore)
        .some((topic) => topic.startsWith('realtime:checkins:') && realtime.joined.has(topic)),
    )
    .toBe(true);
  const door = api(request, await tokenOf(request, DEMO_USERS.voluntario.email));
  const res = await door.post('/v1/admin/checkin', {
    scanned: `checkin:${registration_id}`,
    eventId: DEMO_EVENTS.bibleStudy.id,
    device: 'Celular da porta',
  });
  expect(((await res.json()) as { kind: string }).kind).toBe('created');
  await expect(page).toHaveURL((url) => url.pathname === '/event-welcome', { timeout: 20_000 });
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test("/my-registrations and tonight's ticket fit with no horizontal scroll", async ({ page }) => {
    await signIn(page, DEMO_USERS.membro.email);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await page.goto('/my-registrations');
    await expect(page.getByTestId('happening-now')).toBeVisible();
    expect(await fits()).toBe(true);
    await page.getByTestId('happening-now').getByTestId('registration-card').first().click();
    await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
    expect(await fits()).toBe(true);
  });
});

test('a ticket opens offline on a device that never opened it online: the detail’s parts come from the precache', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO_USERS.membro.email);
  // the home keeps the member's registrations; the service worker has installed the app
  await expectRegistrationsKept(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  const served = await page.goto(`/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`);
  // the service worker's page names the ticket's route files, to be read while the entry runs
  expect(await served!.text()).toMatch(
    /<link rel="modulepreload" href="\/assets\/my-registrations-screen-[\w-]+\.js">.*<\/head>/s,
  );
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  // the parts beside the ticket are a lazy chunk: it must load with no network
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => r.name.includes('/registration-more-')),
      ),
    )
    .toBe(true);
  await expect(detail.getByText(/^Tentativa 1 em /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await context.setOffline(false);
});

test('a ticket opened again offline is in the first paint, as last drawn; signing out takes it off the device', async ({
  page,
  context,
}) => {
  const ticket = `/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`;
  const savedCopy = () =>
    page.evaluate(
      (path) =>
        caches
          .open('saved-pages')
          .then((cache) => cache.match(path))
          .then((copy) => copy?.text() ?? null),
      ticket,
    );
  await signIn(page, DEMO_USERS.membro.email);
  await expectRegistrationsKept(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(ticket);
  const code = (await page.getByTestId('manual-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{3}-\d{3}$/);
  // once drawn, the page is kept as the app drew it
  await expect.poll(savedCopy).toContain(code);

  await context.setOffline(true);
  const served = await page.goto(ticket, { waitUntil: 'commit' });
  // the app's sheet takes the copy's place as it is: it does not slide in a second time
  const replaced = await page.waitForFunction(() => {
    const sheet = document.querySelector('dialog[open]');
    if (!sheet || document.querySelector('#root > .saved-page')) return false;
    return { sliding: sheet.getAnimations().filter((a) => a.playState === 'running').length };
  });
  expect(await replaced.jsonValue()).toEqual({ sliding: 0 });
  // the QR and the code are in the HTML itself, inert until the app takes over
  const html = await served!.text();
  expect(html).toMatch(/<div id="root"><div class="saved-page" inert>.*data-testid="ticket-qr"/s);
  expect(html).toContain(`>${code}</strong>`);
  // the app replaces the copy with its own ticket, which works (the sheet closes)
  await expect(page.locator('#root > .saved-page')).toHaveCount(0);
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByTestId('manual-code')).toHaveText(code);
  await expect(detail.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // 'Sair' (still offline): the copy is the member's, it leaves with the rest
  await page.getByRole('link', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  await expect.poll(savedCopy).toBeNull();
  const after = await page.goto(ticket);
  expect(await after!.text()).not.toContain(code);
  await context.setOffline(false);
});
