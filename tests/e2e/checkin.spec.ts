/**
 * At the door, with the network cut (product-spec.md §2 /admin/checkin, docs/architecture.md, 'Offline'): a volunteer downloads the
 * roster, goes offline, checks in five people by code and one by showing a QR to the camera
 * (Chromium's fake camera plays a video the test draws), reloads offline, comes back online, and the
 * server holds exactly those six check-ins; a second device that admitted one of them offline shows
 * the conflict. The member's page, online, lands on /event-welcome when their check-in arrives; the
 * member's ticket opens offline once seen online.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { browserWithCameraShowing, DOOR_PHONE } from './fake-camera.ts';
import { signIn } from './login.ts';
import { openControlled } from './service-worker.ts';

const EVENT = DEMO_EVENTS.happeningNow;
const first = (name: string) => name.split(' ')[0]!;

/** Signs in, opens the door controlled by the service worker (so it reloads offline) and picks the event. */
async function openDoor(context: BrowserContext, baseURL: string): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, DEMO_USERS.voluntario.email);
  await openControlled(page, '/admin/checkin');
  // every registration of the event: the seed's, membro@'s, and any another spec makes meanwhile
  const before = await serverRosterTotal(baseURL);
  expect(before).toBeGreaterThanOrEqual(DEMO_ATTENDEES.length + 1);
  await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
  const stored = page.getByText(/^\d+ inscritos neste aparelho$/);
  await expect(stored).toBeVisible();
  const count = Number((await stored.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(before);
  expect(count).toBeLessThanOrEqual(await serverRosterTotal(baseURL));
  return page;
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Código manual ou CPF').fill(code);
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
}

/** A user's access token (password grant), for reading the server's state. */
async function token(baseURL: string, email: string): Promise<string> {
  const res = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'sb_publishable_congrega_local' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return (await res.json()).access_token;
}

/** How many registrations the server's roster of the event holds. */
async function serverRosterTotal(baseURL: string): Promise<number> {
  const res = await fetch(`${baseURL}/functions/v1/api/v1/admin/checkin/events/${EVENT.id}/roster`, {
    headers: { authorization: `Bearer ${await token(baseURL, DEMO_USERS.voluntario.email)}` },
  });
  return ((await res.json()) as { total: number }).total;
}

async function serverCheckins(baseURL: string) {
  const res = await fetch(`${baseURL}/functions/v1/api/v1/admin/checkin/events/${EVENT.id}/roster`, {
    headers: { authorization: `Bearer ${await token(baseURL, DEMO_USERS.voluntario.email)}` },
  });
  const body = (await res.json()) as {
    entries: { id: string; checked_in_at: string | null; checked_in_device: string | null }[];
  };
  return body.entries.filter((e) => e.checked_in_at && e.id !== DEMO_REGISTRATIONS.membroHappeningNow.id);
}

test('offline door: five by code, one by camera, reload offline, sync exactly once; the other door sees the conflict', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const scanned = DEMO_ATTENDEES[5]!;
  const browser = await browserWithCameraShowing(`checkin:${scanned.registrationId}`);
  try {
    const options = { baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', permissions: ['camera'] };
    const doorA = await browser.newContext(options);
    const doorB = await browser.newContext(options);
    const a = await openDoor(doorA, baseURL!);
    const b = await openDoor(doorB, baseURL!);

    await doorA.setOffline(true);
    await doorB.setOffline(true);
    await expect(a.getByText(/Sem internet/)).toBeVisible();

    // door B admits the first person offline, before door A
    await typeCode(b, DEMO_ATTENDEES[0]!.seq);
    await expect(b.getByText(`Checkin de ${first(DEMO_ATTENDEES[0]!.name)} feito!`)).toBeVisible();

    const byCode = DEMO_ATTENDEES.slice(0, 5);
    for (const p of byCode) {
      await typeCode(a, `${p.seq.slice(0, 3)}-${p.seq.slice(3)}`);
      await expect(a.getByText(`Checkin de ${first(p.name)} feito!`)).toBeVisible();
      // the full name under the first name, so two Anas are told apart
      await expect(a.getByTestId('door-feedback-name')).toHaveText(p.name);
    }
    // the same code again: already checked in, at this door
    await typeCode(a, byCode[1]!.seq);
    await expect(a.getByText(new RegExp(`${first(byCode[1]!.name)} já fez checkin às`))).toBeVisible();
    // not paid, not found
    await typeCode(a, DEMO_ATTENDEES.at(-1)!.seq);
    await expect(a.getByText(/ainda não está paga/)).toBeVisible();
    await typeCode(a, '000-000');
    await expect(a.getByText(/Inscrição não encontrada/)).toBeVisible();

    await a.getByRole('button', { name: 'Ler QR com a câmera' }).click();
    await expect(a.getByText(`Checkin de ${first(scanned.name)} feito!`)).toBeVisible({ timeout: 20_000 });
    await a.getByRole('button', { name: 'Parar câmera' }).click();
    await expect(a.getByTestId('door-pending')).toHaveText('6 checkins aguardando envio');

    // reload with no network: the shell from the service worker, the roster and queue from Dexie;
    // the event stays chosen and the door says truthfully which roster it uses
    await a.reload();
    await expect(a.getByTestId('door-pending')).toHaveText('6 checkins aguardando envio');
    await expect(a.getByLabel('Escolha o evento')).toHaveValue(EVENT.id);
    await expect(a.getByText(/^Checkin com a lista deste aparelho/)).toBeVisible();
    await expect(a.getByTestId('door-readiness')).toHaveText(/^Pronto para funcionar sem internet/);
    await expect(a.getByText(/Não foi possível baixar a lista/)).toHaveCount(0);
    await typeCode(a, byCode[2]!.seq);
    await expect(a.getByText(new RegExp(`${first(byCode[2]!.name)} já fez checkin`))).toBeVisible();
    expect(await serverCheckins(baseURL!)).toEqual([]);
    // staff can ask for the sending at once; with no network it stays queued
    await expect(a.getByRole('button', { name: 'Enviar agora' })).toBeVisible();

    // back online: door A's six arrive exactly once, within 10 s, after the reload too
    await doorA.setOffline(false);
    await expect(a.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', { timeout: 10_000 });
    const stored = await serverCheckins(baseURL!);
    expect(stored.map((e) => e.id).sort()).toEqual([...byCode, scanned].map((p) => p.registrationId).sort());

    // door B comes back: its check-in of the same person is a conflict, shown with when and where
    await doorB.setOffline(false);
    await expect(b.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', { timeout: 20_000 });
    const conflicts = b.getByRole('region', { name: 'Conflitos' });
    await expect(
      conflicts.getByText(new RegExp(`${DEMO_ATTENDEES[0]!.name}: já tinha checkin às`)),
    ).toBeVisible();
    expect((await serverCheckins(baseURL!)).length).toBe(6);
  } finally {
    await browser.close();
  }
});

/** The element is wholly in the viewport and under the sticky header: readable without scrolling. */
async function expectInView(page: Page, target: ReturnType<Page['getByTestId']>) {
  const box = await target.boundingBox();
  const header = await page.locator('.app-header').boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y).toBeGreaterThanOrEqual(header ? header.y + header.height : 0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

// One browser, one sign-in and one roster for both phones: the door is loaded at 320 × 640, checked,
// resized to 390 × 844 and checked again (CSS follows a resize; each answer is asked anew at each size).
test("at 320 × 640 and 390 × 844 the door's answer is in view without scrolling, by code and by camera, until the next one", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  // answers that change nothing on the server: an unknown code, an unpaid ticket shown to the camera
  const unpaid = DEMO_ATTENDEES.at(-1)!;
  const browser = await browserWithCameraShowing(`checkin:${unpaid.registrationId}`);
  try {
    const context = await browser.newContext({ ...DOOR_PHONE, baseURL });
    const page = await context.newPage();
    // the page's clock: 'well after 3 s' is run on it, not waited for
    await page.clock.install();
    await signIn(page, DEMO_USERS.voluntario.email);
    await page.goto('/admin/checkin');
    await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
    await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
    const answer = page.getByTestId('door-answer');

    for (const viewport of [
      { width: 320, height: 640 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const at = `at ${viewport.width} × ${viewport.height}`;

      // a typed code: the answer where the volunteer looks
      await typeCode(page, '000-000');
      await expect(answer, at).toContainText('Inscrição não encontrada');
      await expectInView(page, answer);
      // it stays (the next scan replaces it): still there, still in view, well after 3 s
      await page.clock.runFor(3500);
      await expect(answer, at).toContainText('Inscrição não encontrada');
      await expectInView(page, answer);

      // the camera: the preview comes into view, and the answer to the ticket it sees is in view with it
      await page.getByRole('button', { name: 'Ler QR com a câmera' }).click();
      await expect(answer, at).toContainText(/ainda não está paga/, { timeout: 20_000 });
      await expect(page.getByTestId('door-feedback-name')).toHaveText(unpaid.name);
      await expectInView(page, answer);
      // and the preview beside it, whole, not under the answer
      const preview = (await page.getByLabel('Câmera').boundingBox())!;
      const shown = (await answer.boundingBox())!;
      // (a pixel of slack for the sub-pixel layout)
      expect(preview.y, at).toBeGreaterThanOrEqual(shown.y + shown.height - 1);
      expect(preview.y + preview.height, at).toBeLessThanOrEqual(viewport.height + 1);
      await page.clock.runFor(3500);
      await expect(answer, at).toContainText(/ainda não está paga/);
      await expectInView(page, answer);
      await page.getByRole('button', { name: 'Parar câmera' }).click();

      // every touch target at the door is at least 44 × 44 px
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('.door button, .door select, .door input, .door summary')]
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
          .map(({ el }) => el.outerHTML.slice(0, 80)),
      );
      expect(small, at).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
});

test("the member's page asks for the check-in and lands on /event-welcome when the door admits them", async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_USERS.membro.email, { checkinPrompt: true });
  await page.goto(`/events/${EVENT.id}`);
  const overlay = page.getByRole('dialog', { name: 'Está na hora de fazer o Check-in...' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  // the manual code comes 15 s later
  await expect(overlay.getByTestId('manual-code')).toHaveCount(0);
  await expect(overlay.getByText('O código manual aparece em alguns segundos.')).toBeVisible();

  // the door scans the member's QR (online, through the API)
  const res = await fetch(`${baseURL}/functions/v1/api/v1/admin/checkin`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await token(baseURL!, DEMO_USERS.voluntario.email)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      scanned: `checkin:${DEMO_REGISTRATIONS.membroHappeningNow.id}`,
      device: 'Porta 1',
      eventId: EVENT.id,
    }),
  });
  expect(await res.json()).toMatchObject({ kind: 'created', message: 'Checkin de Mateus feito!' });

  await expect(page).toHaveURL((url) => url.pathname === '/event-welcome');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // back on the event page: checked in, no overlay; the section still toggles the QR
  await page.goto(`/events/${EVENT.id}`);
  await expect(page.getByText(/Checkin feito às/)).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar QR do checkin' }).click();
  await expect(page.getByTestId('manual-code')).toHaveText(
    `${DEMO_REGISTRATIONS.membroHappeningNow.seq.slice(0, 3)}-${DEMO_REGISTRATIONS.membroHappeningNow.seq.slice(3)}`,
  );
});

test("a member's ticket opens with the network cut, once seen online", async ({ page, context }) => {
  await signIn(page, DEMO_USERS.membro.email);
  const ticket = `/my-registrations/${DEMO_REGISTRATIONS.membroHappeningNow.id}`;
  await page.goto(ticket);
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  const code = `${DEMO_REGISTRATIONS.membroHappeningNow.seq.slice(0, 3)}-${DEMO_REGISTRATIONS.membroHappeningNow.seq.slice(3)}`;
  await expect(page.getByTestId('manual-code')).toHaveText(code);
  // the service worker controls the page from the next load on
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('manual-code')).toHaveText(code);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  await expect(page.getByTestId('manual-code')).toHaveText(code);
  await expect(page.getByText(EVENT.title).first()).toBeVisible();
  await context.setOffline(false);
});
