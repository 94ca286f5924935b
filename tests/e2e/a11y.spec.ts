/**
 * axe (WCAG 2.0 A/AA, 2.1 AA) on every screen: the event lists, the event page and its overlay, the
 * Fastpass page, the auth screens (the welcome form too), the profile, checkout and my
 * registrations, the staff payment review, the door (/admin/checkin with its roster and feedback,
 * /event-welcome, the member's check-in overlay), and the 404. Any violation
 * fails, with its targets.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { authMessages } from '../../src/domain/messages/auth.ts';
import { expectNoViolations } from './axe.ts';
import { signIn, skipCheckinPrompt } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });

const conference = DEMO_EVENTS.conference;

/**
 * The guest screens share one tab (a worker's, the guest's own context): each test opens its screen
 * afresh, but the app's files and the service worker are fetched once, not once per screen.
 */
const guest = test.extend<object, { guestPage: Page }>({
  guestPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport: { width: 390, height: 844 },
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

guest.describe('guest screens', () => {
  guest('home', async ({ guestPage: page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Acontecendo agora' })).toBeVisible();
    await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
    await expectNoViolations(page, '/');
  });

  guest('all events', async ({ guestPage: page }) => {
    await page.goto('/all');
    await expect(page.getByRole('button', { name: /Próximos meses/ })).toBeVisible();
    await expectNoViolations(page, '/all');
  });

  guest('event page', async ({ guestPage: page }) => {
    await page.goto(`/events/${conference.id}`);
    await expect(page.getByRole('heading', { level: 1, name: conference.title })).toBeVisible();
    await expectNoViolations(page, '/events/:id');
  });

  guest('event details overlay', async ({ guestPage: page }) => {
    await page.goto(`/?event=${conference.id}`);
    const dialog = page.getByRole('dialog', { name: conference.title });
    await expect(dialog.getByRole('heading', { name: 'Inscrições' })).toBeVisible();
    await expectNoViolations(page, 'overlay');
  });

  guest('menu', async ({ guestPage: page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoViolations(page, 'menu');
  });

  guest('fastpass', async ({ guestPage: page }) => {
    await page.goto('/fastpass');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, '/fastpass');
  });

  guest('privacidade', async ({ guestPage: page }) => {
    await page.goto('/privacidade');
    await expect(page.getByText('privacidade@congrega.local').first()).toBeVisible();
    await expectNoViolations(page, '/privacidade');
  });

  guest('404', async ({ guestPage: page }) => {
    await page.goto('/nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expectNoViolations(page, '404');
  });

  for (const [path, ready] of [
    ['/auth/login', 'Entrar'],
    ['/auth/login?method=email', 'Entrar'],
    ['/auth/forgot', /Enviar|Recuperar/],
    ['/auth/confirmation', 'Já confirmei, quero entrar'],
    ['/auth/reset-password', /./],
  ] as const) {
    guest(`auth: ${path}`, async ({ guestPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('main').getByText(ready).first()).toBeVisible();
      await expectNoViolations(page, path);
    });
  }

  guest('auth: signup intro and form', async ({ guestPage: page }) => {
    await page.goto('/auth/signup');
    await expect(page.getByRole('button', { name: 'Começar' })).toBeVisible();
    await expectNoViolations(page, '/auth/signup intro');
    await page.getByRole('button', { name: 'Começar' }).click();
    await expect(page.getByLabel('Nome completo', { exact: true })).toBeVisible();
    await expectNoViolations(page, '/auth/signup form');
  });
});

test('member screens: profile and home signed in', async ({ page }) => {
  await skipCheckinPrompt(page);
  await page.goto('/auth/login?method=email&redirectTo=%2Fprofile');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USERS.membro.email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: 'Mudar senha' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revogar consentimento' })).toBeVisible();
  await expectNoViolations(page, '/profile');
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('button', { name: 'Excluir definitivamente' })).toBeVisible();
  await expectNoViolations(page, '/profile (delete)');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: conference.title })).toBeVisible();
  await expectNoViolations(page, '/ (member)');
});

test('member screens: checkout, my registrations and a ticket', async ({ page }) => {
  test.setTimeout(180_000);
  await skipCheckinPrompt(page);
  await page.goto('/auth/login?method=email&redirectTo=%2Fmy-registrations');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USERS.membro.email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/my-registrations$/);
  await expect(page.getByRole('heading', { name: 'Inscrições ativas' })).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, '/my-registrations');
  await page.getByTestId('registration-card').filter({ hasText: conference.title }).click();
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  await expectNoViolations(page, '/my-registrations/:id');
  await page.goto(`/checkout/${DEMO_EVENTS.later.id}/${DEMO_TIERS.laterCouple.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inscrição' })).toBeVisible();
  await expect(page.getByTestId('checkout-price')).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, '/checkout');
});

test('staff screen: /admin/registrations with a row open, the other filters and the reason dialog', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/auth/login?method=email&redirectTo=%2Fadmin%2Fregistrations');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USERS.secretaria.email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/registrations$/, { timeout: 30_000 });
  const first = page.locator('.review-row').first();
  await expect(first).toBeVisible();
  await expectNoViolations(page, '/admin/registrations');
  await first.locator('.review-summary').click();
  await page.getByRole('button', { name: 'Outros filtros' }).click();
  await expect(page.getByLabel('Nome ou email')).toBeVisible();
  await expectNoViolations(page, '/admin/registrations (row open, other filters)');
  await first.getByRole('button', { name: 'Rejeitar' }).click();
  await page
    .getByRole('dialog', { name: 'Rejeitar pagamento' })
    .getByRole('button', { name: 'Rejeitar' })
    .click();
  await expect(page.getByText('O motivo deve ter ao menos 3 caracteres')).toBeVisible();
  await expectNoViolations(page, '/admin/registrations (reason dialog)');
});

test('welcome form (a new Google account)', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  // the local host's account chooser (a server page): use another account
  await page.locator('#name').fill('Joana Axe');
  await page.locator('#email').fill(`axe-${Date.now()}@example.com`);
  await page.locator('#email').press('Enter');
  await expect(page).toHaveURL(/\/auth\/welcome/);
  await expect(page.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
  // the intro's lines appear one by one (the last at 4 s, with the form): axe the final screen,
  // not a line caught mid fade-in
  await expect(page.getByLabel(authMessages.cpfLabel)).toBeVisible();
  await expectNoViolations(page, '/auth/welcome');
  // the congregation choice when nothing matches: its listbox holds options only
  await page.getByRole('combobox', { name: 'Congregação' }).fill('zzzz');
  await expect(page.getByRole('status').filter({ hasText: authMessages.templesEmpty })).toBeVisible();
  await expectNoViolations(page, '/auth/welcome (no congregation matches)');
});

test('event editor screens: admin list, new event with its dialogs, edit with tiers/files/vouchers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.admin.email);
  await page.getByRole('link', { name: 'Criar evento' }).waitFor();
  await page.goto('/admin/events');
  await expect(page.getByTestId('admin-event-row').first()).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, '/admin/events');

  await page.goto('/admin/events/new');
  await expect(page.getByRole('textbox', { name: 'Descrição', exact: true })).toBeVisible();
  await expectNoViolations(page, '/admin/events/new');
  await page.getByRole('button', { name: 'Salvar evento' }).click();
  await expect(page.getByText('O título é obrigatório.')).toBeVisible();
  await expectNoViolations(page, '/admin/events/new (errors)');
  await page.getByRole('button', { name: 'Novo local' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo local' })).toBeVisible();
  await expectNoViolations(page, 'new venue dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/admin/events/${conference.id}`);
  await expect(page.getByTestId('tier-row').first()).toBeVisible();
  await expectNoViolations(page, '/admin/events/:id');
});

test('event editor at 320 px: axe clean with the vouchers table, and no Content-Security-Policy violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  // every violation the page reports (Tiptap's injected <style> was refused 18 times)
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  const violations = async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...consoleCsp,
  ];

  await signIn(page, DEMO_USERS.admin.email);
  await page.goto('/admin/events/new');
  const description = page.getByRole('textbox', { name: 'Descrição', exact: true });
  await expect(description).toBeVisible();
  await description.click();
  await page.keyboard.type('Uma noite de louvor.');
  await expect(description).toContainText('Uma noite de louvor.');
  expect(await violations(), 'CSP violations on /admin/events/new').toEqual([]);

  await page.goto(`/admin/events/${conference.id}`);
  await expect(page.getByTestId('tier-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('voucher-row').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Descrição', exact: true })).toBeVisible();
  await expectNoViolations(page, '/admin/events/:id at 320 px');
  expect(await violations(), 'CSP violations on /admin/events/:id').toEqual([]);
});

test('door screens: /admin/checkin with the roster downloaded and its feedback, /event-welcome', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.voluntario.email);
  await page.goto('/admin/checkin');
  await expect(page.getByLabel('Código manual ou CPF')).toBeDisabled();
  await expectNoViolations(page, '/admin/checkin (no event chosen)');
  await page.getByLabel('Escolha o evento').selectOption(DEMO_EVENTS.happeningNow.id);
  await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page, '/admin/checkin (roster downloaded)');
  // feedbacks that change nothing on the server: not found, not paid
  const code = page.getByLabel('Código manual ou CPF');
  await code.fill('000-000');
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(page.getByText(/Inscrição não encontrada/)).toBeVisible();
  await expectNoViolations(page, '/admin/checkin (not found)');
  await code.fill(DEMO_ATTENDEES.at(-1)!.seq);
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(page.getByText(/ainda não está paga/)).toBeVisible();
  await expectNoViolations(page, '/admin/checkin (not paid)');

  await page.goto('/event-welcome');
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toBeVisible();
  await expectNoViolations(page, '/event-welcome');
});

test("member's check-in overlay on the event page ('Está na hora de fazer o Check-in...')", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // lider@ joins the free tier of the event happening now (membro@ is checked in by checkin.spec)
  await signIn(page, DEMO_USERS.lider.email, { checkinPrompt: true });
  await page.goto(`/checkout/${DEMO_EVENTS.happeningNow.id}/${DEMO_TIERS.happeningNowFree.id}`);
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago', { timeout: 30_000 });
  // the page's clock, so the 15 s before the manual code pass at once
  await page.clock.install();
  await page.goto(`/events/${DEMO_EVENTS.happeningNow.id}`);
  const overlay = page.getByRole('dialog', { name: 'Está na hora de fazer o Check-in...' });
  await expect(overlay.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  await expectNoViolations(page, 'check-in overlay');
  await expect(overlay.getByTestId('manual-code')).toHaveCount(0);
  // the manual code revealed after 15 s
  await page.clock.runFor(15_000);
  await expect(overlay.getByTestId('manual-code')).toBeVisible();
  await expectNoViolations(page, 'check-in overlay (manual code)');
});
