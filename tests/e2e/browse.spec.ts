/**
 * Browsing events as a guest and as a member: home, 'Acontecendo agora', the details overlay with
 * every tier display status (product-spec.md §4 wording), `/all` month navigation, login from a tier with
 * redirectTo, the member's own registration, and the home from the browser store while offline.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  DEMO_EVENTS,
  DEMO_PASSWORD,
  DEMO_REGISTRATIONS,
  DEMO_TIERS,
  DEMO_USERS,
} from '../../server/seed/demo.ts';
import { formatDateTime, formatMonthTitle, monthKey, shiftMonth } from '../../src/domain/dates.ts';
import type { EventDetail } from '../../src/domain/types.ts';
import { skipCheckinPrompt } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const conference = DEMO_EVENTS.conference;

async function apiEvent(request: APIRequestContext, id: string): Promise<EventDetail> {
  const res = await request.get(`/functions/v1/api/v1/events/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as EventDetail;
}

/** The overlay's tier item named `name`. */
function tierItem(dialog: Locator, name: string): Locator {
  return dialog
    .getByRole('listitem')
    .filter({ has: dialog.page().getByRole('heading', { name, exact: true }) });
}

async function openOverlayFromHome(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signIn(page: Page, email: string = DEMO_USERS.membro.email) {
  await skipCheckinPrompt(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test('guest sees the home with the happening-now block and the general row', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
  const now = page.getByRole('region', { name: 'Acontecendo agora' });
  await expect(now).toBeVisible();
  await expect(now.getByRole('heading', { name: DEMO_EVENTS.happeningNow.title })).toBeVisible();
  // The general row: general-tag upcoming events, not the ones under way nor without the tag
  const row = page.getByRole('region', { name: 'Próximos Eventos' });
  await expect(row.getByRole('heading', { name: conference.title })).toBeVisible();
  await expect(row.getByRole('heading', { name: DEMO_EVENTS.vigil.title })).toBeVisible();
  await expect(row.getByRole('heading', { name: DEMO_EVENTS.forced.title })).toBeVisible();
  await expect(row.getByRole('heading', { name: DEMO_EVENTS.happeningNow.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.later.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.workshop.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.deleted.title })).toHaveCount(0);
  await expect(page.getByText('Sem eventos por enquanto...')).toHaveCount(0);
  // Guests do not get the plus icon
  await expect(page.getByRole('link', { name: 'Criar evento' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/home.png`, fullPage: true });
});

test('guest opens the overlay and sees each tier status as the spec words it', async ({ page, request }) => {
  const event = await apiEvent(request, conference.id);
  const tier = (id: string) => event.pricing_tiers.find((t) => t.id === id)!;

  await page.goto('/');
  const dialog = await openOverlayFromHome(page, conference.title);
  await expect(page).toHaveURL(new RegExp(`[?&]event=${conference.id}`));
  await expect(dialog.getByRole('heading', { name: 'Inscrições' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Presenças Confirmadas' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Detalhes' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Editar evento' })).toHaveCount(0);

  const expectations: [string, string[]][] = [
    // FINISHED
    [
      DEMO_TIERS.conferenceFirst.name,
      [`Encerrado em ${formatDateTime(tier(DEMO_TIERS.conferenceFirst.id).ends_at!)}`],
    ],
    // AVAILABLE with an end
    [
      DEMO_TIERS.conferenceSecond.name,
      [`Encerra em ${formatDateTime(tier(DEMO_TIERS.conferenceSecond.id).ends_at!)}`],
    ],
    // AVAILABLE with a total, at most half of it left
    [DEMO_TIERS.conferenceCaravan.name, ['Quantidade limitada! Inscreva-se agora!']],
    // WAITING (wins over its total)
    [
      DEMO_TIERS.conferenceThird.name,
      [`Disponível em ${formatDateTime(tier(DEMO_TIERS.conferenceThird.id).starts_at!)}`],
    ],
    // SOLD_OUT
    [DEMO_TIERS.conferencePromo.name, ['Esgotado']],
    // AVAILABLE with a total but (nearly) all of it free: no hurry text
    [DEMO_TIERS.conferenceFree.name, []],
  ];
  for (const [name, lines] of expectations) {
    const item = tierItem(dialog, name);
    await expect(item.locator('.tier-status')).toHaveText(lines);
    for (const line of lines)
      expect(line).toMatch(/^(Encerrado em|Encerra em|Disponível em) \d\d\/\d\d\/\d{4} \d\d:\d\d$|^[^\d]+$/);
  }
  // Prices: BRL with a no-break space, GRÁTIS for 0
  await expect(tierItem(dialog, DEMO_TIERS.conferenceSecond.name).locator('.tier-price')).toHaveText(
    'R$\u00a045,00',
  );
  await expect(tierItem(dialog, DEMO_TIERS.conferenceFree.name).locator('.tier-price')).toHaveText('GRÁTIS');

  // Guests: the login prompt only on available tiers, carrying redirectTo to the event
  const redirect = `redirectTo=${encodeURIComponent(`/events/${conference.id}`)}`;
  const second = tierItem(dialog, DEMO_TIERS.conferenceSecond.name);
  await expect(second.getByText('Faça login ou crie uma conta para se inscrever.')).toBeVisible();
  await expect(second.getByRole('link', { name: 'Login »' })).toHaveAttribute(
    'href',
    `/auth/login?${redirect}`,
  );
  await expect(second.getByRole('link', { name: 'Nova conta »' })).toHaveAttribute(
    'href',
    `/auth/signup?${redirect}`,
  );
  for (const closed of [DEMO_TIERS.conferenceFirst, DEMO_TIERS.conferenceThird, DEMO_TIERS.conferencePromo]) {
    await expect(tierItem(dialog, closed.name).getByRole('link')).toHaveCount(0);
  }
  await dialog.screenshot({ path: `${SCREENS}/overlay-tiers.png` });
  await page.screenshot({ path: `${SCREENS}/overlay.png` });

  // Esc closes and the URL loses the parameter
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/event=/);

  // Fastpass sold out: looks available, first-come text, no call to action
  const vigil = await openOverlayFromHome(page, DEMO_EVENTS.vigil.title);
  const fastpass = tierItem(vigil, 'Fastpass');
  await expect(fastpass).toHaveAttribute('data-status', 'AVAILABLE');
  await expect(fastpass.locator('.tier-status')).toHaveText([
    'Reservas esgotadas! Ainda haverá lugares sem reserva, por ordem de chegada.',
  ]);
  await expect(fastpass.getByRole('link')).toHaveCount(0);
  // Back closes the overlay
  await page.goBack();
  await expect(vigil).toBeHidden();

  // registration_policy open: no 'Inscrições'
  const open = await openOverlayFromHome(page, DEMO_EVENTS.openEvent.title);
  await expect(open.getByRole('heading', { name: 'Detalhes' })).toBeVisible();
  await expect(open.getByRole('heading', { name: 'Inscrições' })).toHaveCount(0);
  await open.getByRole('button', { name: 'Fechar' }).click();
  await expect(open).toBeHidden();
});

test('join flow: an external event opens its address in a new tab', async ({ page, context }) => {
  // No internet in tests: answer the external address locally.
  await context.route('https://example.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: 'ok' }),
  );
  await page.goto('/');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: new RegExp(`^Participar: ${DEMO_EVENTS.external.title}`) }).click(),
  ]);
  await expect.poll(() => popup.url()).toContain('example.org/congresso-nacional-de-jovens');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A guest's 'Participar' on another event shows the overlay
  await page.getByRole('button', { name: `Participar: ${DEMO_EVENTS.bibleStudy.title}` }).click();
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.bibleStudy.title })).toBeVisible();
});

test("with write_events: the plus icon and 'Editar evento'", async ({ page }) => {
  await page.goto('/auth/login?redirectTo=/');
  await signIn(page, DEMO_USERS.admin.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar evento' })).toHaveAttribute('href', '/admin/events/new');
  const dialog = await openOverlayFromHome(page, conference.title);
  await expect(dialog.getByRole('link', { name: 'Editar evento' })).toHaveAttribute(
    'href',
    `/admin/events/${conference.id}?backToEvent=true`,
  );
});

test('a shared overlay link opens the overlay directly', async ({ page }) => {
  await page.goto(`/?event=${DEMO_EVENTS.bibleStudy.id}`);
  const dialog = page.getByRole('dialog', { name: DEMO_EVENTS.bibleStudy.title });
  await expect(dialog).toBeVisible();
  await expect(tierItem(dialog, DEMO_TIERS.bibleStudyFree.name).locator('.tier-price')).toHaveText('GRÁTIS');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('/all moves month by month, back and forth', async ({ page, request }) => {
  const current = monthKey(new Date());
  const past = await apiEvent(request, DEMO_EVENTS.pastRetreat.id);
  const later = await apiEvent(request, DEMO_EVENTS.later.id);
  const pastMonth = monthKey(past.starts_at);
  const laterMonth = monthKey(later.starts_at);

  await page.goto('/all');
  await expect(page.getByRole('heading', { level: 1, name: 'Todos os eventos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: formatMonthTitle(current) })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: formatMonthTitle(shiftMonth(current, -1)) }),
  ).toHaveCount(0);

  // Older: one month per click until the past event's month is listed
  for (let m = shiftMonth(current, -1); m >= pastMonth; m = shiftMonth(m, -1)) {
    await page.getByRole('button', { name: 'Eventos anteriores' }).click();
    await expect(page.getByRole('heading', { level: 2, name: formatMonthTitle(m) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: DEMO_EVENTS.pastRetreat.title })).toBeVisible();

  // Later: one month per click until the later event's month is listed
  for (let m = shiftMonth(current, 1); m <= laterMonth; m = shiftMonth(m, 1)) {
    await page.getByRole('button', { name: 'Próximos meses' }).click();
    await expect(page.getByRole('heading', { level: 2, name: formatMonthTitle(m) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: DEMO_EVENTS.later.title })).toBeVisible();
  // Child events are not listed at the top level; deleted ones never
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.workshop.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.deleted.title })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/all.png`, fullPage: true });

  // The overlay opens from /all too, keeping the month range
  const url = page.url();
  await page.getByRole('link', { name: new RegExp(DEMO_EVENTS.later.title) }).click();
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.later.title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url);
});

test('a guest is sent to login from a tier and comes back to the event; the member sees their registration', async ({
  page,
}) => {
  await page.goto('/');
  const dialog = await openOverlayFromHome(page, conference.title);
  await tierItem(dialog, DEMO_TIERS.conferenceCaravan.name).getByRole('link', { name: 'Login »' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/auth/login' && url.searchParams.get('redirectTo') === `/events/${conference.id}`,
  );
  await signIn(page);
  await expect(page).toHaveURL((url) => url.pathname === `/events/${conference.id}`);
  await expect(page.getByRole('heading', { level: 1, name: conference.title })).toBeVisible();

  // Files need login: now listed
  await expect(page.getByRole('button', { name: 'Programação completa (PDF)' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/event-page.png`, fullPage: true });

  // Their tier shows 'Ver inscrição »'; no 'Inscrever agora »' on this event
  await page.getByRole('button', { name: 'Ver detalhes e inscrições' }).click();
  const details = page.getByRole('dialog', { name: conference.title });
  await expect(
    tierItem(details, DEMO_TIERS.conferenceSecond.name).getByRole('link', { name: 'Ver inscrição »' }),
  ).toHaveAttribute('href', `/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`);
  await expect(details.getByRole('link', { name: 'Inscrever agora »' })).toHaveCount(0);
  await expect(details.getByText('Faça login ou crie uma conta para se inscrever.')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Elsewhere, a tier open for registration offers checkout
  await page.goto(`/?event=${DEMO_EVENTS.bibleStudy.id}`);
  const study = page.getByRole('dialog', { name: DEMO_EVENTS.bibleStudy.title });
  await expect(
    tierItem(study, DEMO_TIERS.bibleStudyFree.name).getByRole('link', { name: 'Inscrever agora »' }),
  ).toHaveAttribute('href', `/checkout/${DEMO_EVENTS.bibleStudy.id}/${DEMO_TIERS.bibleStudyFree.id}`);
  await page.keyboard.press('Escape');

  // Join flow: a paid registration goes to the event page
  await page
    .getByRole('button', { name: `Participar: ${conference.title}` })
    .first()
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/events/${conference.id}`);
});

test('event page: sub-events, files behind login, a file opens full screen', async ({ page }) => {
  await page.goto(`/events/${conference.id}`);
  await expect(page.getByRole('heading', { level: 1, name: conference.title })).toBeVisible();
  const subEvents = page.getByRole('region', { name: 'Programação' });
  await expect(subEvents.getByText(DEMO_EVENTS.workshop.title)).toBeVisible();
  await expect(page.getByText('Entre na sua conta para abrir os arquivos.')).toBeVisible();

  // A sub-event's 'Participar' shows its overlay to a guest
  await subEvents.getByRole('button', { name: `Participar: ${DEMO_EVENTS.workshop.title}` }).click();
  await expect(page.getByRole('dialog', { name: DEMO_EVENTS.workshop.title })).toBeVisible();
  await page.keyboard.press('Escape');

  await page
    .getByRole('region', { name: 'Arquivos do evento' })
    .getByRole('link', { name: 'Login »' })
    .click();
  await signIn(page);
  await expect(page).toHaveURL((url) => url.pathname === `/events/${conference.id}`);
  await page.getByRole('button', { name: 'Regulamento e orientações' }).click();
  const viewer = page.getByRole('dialog', { name: 'Regulamento e orientações' });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('iframe')).toBeVisible();
  await expect(viewer.getByRole('status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('unknown event id shows a friendly message', async ({ page }) => {
  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Evento não encontrado.' })).toBeVisible();
});

test('the home renders from the browser store when the network is gone', async ({ page, context }) => {
  // First visit online: the events reach the browser store, and the app code for / and /all loads.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
  // The overlay's code loads on intent, not with the page: opened once online, it is in the browser
  // (offline before the service worker has cached it, a never-opened overlay cannot load).
  await openOverlayFromHome(page, conference.title);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: conference.title })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver todos os eventos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Todos os eventos' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();

  // Offline, the home is rendered again (fresh mount, no API) from Dexie while navigating in the app.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Ver todos os eventos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Todos os eventos' })).toBeVisible();
  await expect(
    page.getByText('Você está sem conexão. Mostrando os dados salvos neste aparelho.').first(),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.happeningNow.title })).toBeVisible();
  await expect(
    page.getByText('Você está sem conexão. Mostrando os dados salvos neste aparelho.'),
  ).toBeVisible();
  // The overlay still opens from the stored event (its code loaded while online)
  const dialog = await openOverlayFromHome(page, conference.title);
  await expect(tierItem(dialog, DEMO_TIERS.conferencePromo.name).locator('.tier-status')).toHaveText([
    'Esgotado',
  ]);
  await page.screenshot({ path: `${SCREENS}/offline-overlay.png` });
  await context.setOffline(false);
});

test('a revisit with no network at all renders the home from the app shell and the store', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
  // The service worker installs on the first visit and controls the page from the next load on.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: DEMO_EVENTS.happeningNow.title })).toBeVisible();
  await expect(
    page.getByText('Você está sem conexão. Mostrando os dados salvos neste aparelho.'),
  ).toBeVisible();
  await context.setOffline(false);
});

test('/fastpass explains the rules and leads to the events', async ({ page }) => {
  await page.goto('/fastpass');
  await expect(page.getByRole('heading', { level: 1, name: 'Fastpass' })).toBeVisible();
  await expect(page.locator('.fastpass-rules li')).toHaveCount(6);
  await expect(page.getByText('1 hora antes')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/fastpass.png`, fullPage: true });
  await page.getByRole('link', { name: 'Ver eventos »' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
});
