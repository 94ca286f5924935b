/**
 * Register and pay as members do, on the real local host (demo seed): a free tier gives a ticket
 * that opens with the network cut; a PIX receipt goes to analysis (a fake image is refused); a
 * pending cash registration is cancelled and made again; vouchers valid and invalid; a checkout
 * confirmed while the member's registrations are still loading; and the ALREADY_REGISTERED and
 * TIER_UNAVAILABLE notices with the spec's texts.
 */
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_FEW_PLACES_TIER, DEMO_PENDING_CASH, DEMO_VOUCHERS } from '../../server/seed/checkout.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY, ownEvent, tokenOf } from './api.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });
// Several steps per test, each a round trip to the host: room for a busy shared machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A member's registrations as the API answers them. */
async function myRegistrations(request: APIRequestContext, email: string) {
  const res = await request.get('/functions/v1/api/v1/registrations', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${await tokenOf(request, email)}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string; event_id: string; status: string }[];
}

/** Another member registers through the API, as their own phone would. */
async function registerByApi(
  request: APIRequestContext,
  email: string,
  eventId: string,
  tierId: string,
  method: string,
) {
  const auth = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(auth.ok()).toBe(true);
  const { access_token } = (await auth.json()) as { access_token: string };
  return request.post(`/functions/v1/api/v1/checkout/${eventId}/${tierId}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${access_token}` },
    data: { tierId, paymentMethod: method },
  });
}

const notice = (page: Page, text: string) => page.locator('.notice').filter({ hasText: text });

test('a guest is sent to the login with reason=checkout and comes back', async ({ page }) => {
  const path = `/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceFree.id}`;
  await page.goto(path);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth/login' && url.searchParams.get('reason') === 'checkout',
  );
  expect(new URL(page.url()).searchParams.get('redirectTo')).toContain(path);
  await expect(page.getByText('Entre na sua conta para continuar sua inscrição.')).toBeVisible();
});

test('free tier → paid at once with the ticket, which opens again with the network cut', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO_USERS.lider.email);
  await page.goto(`/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceFree.id}`);
  await expect(page.getByTestId('checkout-price')).toHaveText('GRÁTIS');
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  const code = await page.getByTestId('manual-code').textContent();
  expect(code).toMatch(/^\d{3}-\d{3}$/);

  await page.getByRole('link', { name: 'Ver minha inscrição »' }).click();
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByTestId('registration-status')).toHaveText('Pago');
  await expect(detail.getByText(/^Tentativa 1 em /)).toBeVisible();
  const ticketUrl = page.url();

  // the service worker controls the next load; then no network at all
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('registration-detail')).toBeVisible();
  await context.setOffline(true);
  await page.goto(ticketUrl);
  await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();
  await expect(page.getByTestId('manual-code')).toHaveText(code!);
  await page.goto('/my-registrations');
  await expect(page.getByRole('heading', { name: 'Inscrições ativas' })).toBeVisible();
  await expect(
    page.getByTestId('registration-card').filter({ hasText: DEMO_EVENTS.conference.title }),
  ).toBeVisible();
  await context.setOffline(false);
});

test('confirmed while the member’s registrations are still loading: step 3 shows the new registration', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.voluntario.email);
  // The screen's own read of the member's registrations is slow (a phone's network): it was asked
  // before the checkout, so its answer cannot hold the new registration.
  let releaseSlowRead!: () => void;
  const slowReadReleased = new Promise<void>((resolve) => {
    releaseSlowRead = resolve;
  });
  let reads = 0;
  await page.route(/\/v1\/registrations$/, async (route) => {
    if (route.request().method() !== 'GET' || reads++ > 0) return route.continue();
    const answer = await route.fetch();
    await slowReadReleased;
    await route.fulfill({ response: answer });
  });
  await page.goto(`/checkout/${DEMO_EVENTS.bibleStudy.id}/${DEMO_TIERS.bibleStudyFree.id}`);
  await expect.poll(() => reads).toBeGreaterThan(0);
  const checkout = page.waitForResponse((r) => r.url().includes('/v1/checkout/') && r.ok());
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await checkout;
  releaseSlowRead();
  // 'Pago' can only come from a read asked after the write (the held one predates it); a later
  // refresh (a reconnect, the check-in prompt) may add reads, which are harmless
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  expect(reads).toBeGreaterThanOrEqual(2);
});

test('PIX receipt: a fake image is refused, a PNG moves the registration to analysis', async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto(`/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceCaravan.id}`);
  await expect(page.getByTestId('checkout-price')).toHaveText(/R\$\s?40,00/);
  await page.getByLabel('PIX com envio de comprovante').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await expect(page.getByTestId('method-instructions')).toContainText('caravanas@congrega.app.br');
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pendente');

  const input = page.getByLabel('Comprovante (imagem ou PDF, até 5 MB)');
  await input.setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html>nao sou imagem</html>'),
  });
  await page.getByRole('button', { name: 'Enviar comprovante' }).click();
  await expect(page.getByText('Envie uma imagem (JPG, PNG, WEBP, HEIC) ou um PDF.').first()).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pendente');

  await input.setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Enviar comprovante' }).click();
  await expect(notice(page, 'Comprovante enviado! Aguarde a análise.')).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('Em análise');
});

test('a pending cash registration is cancelled, then the member registers again', async ({ page }) => {
  await signIn(page, DEMO_USERS.membro.email);
  await page.goto('/my-registrations');
  await expect(page.getByRole('heading', { name: 'Pagamento pendente/análise' })).toBeVisible();
  await page.getByTestId('registration-card').filter({ hasText: DEMO_EVENTS.later.title }).click();
  await expect(page).toHaveURL(new RegExp(`/my-registrations/${DEMO_PENDING_CASH.id}$`));
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByTestId('registration-status')).toHaveText('Pendente');
  // what the door does with it: it admits only paid registrations and sends this one to the secretaria
  await expect(detail).toContainText(
    'Pague na secretaria da sua congregação ou na secretaria do evento antes de entrar',
  );
  await expect(detail).not.toContainText('pague na entrada do evento');
  page.once('dialog', (dialog) => void dialog.accept());
  await detail.getByRole('button', { name: 'CANCELAR INSCRIÇÃO' }).click();
  await expect(notice(page, 'Inscrição cancelada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 5000 });

  await page.goto(`/my-registrations/${DEMO_PENDING_CASH.id}`);
  await expect(
    page.getByTestId('registration-detail').getByText('Essa tentativa de inscrição foi cancelada.'),
  ).toBeVisible();

  await page.goto(`/checkout/${DEMO_EVENTS.later.id}/${DEMO_TIERS.laterCouple.id}`);
  await page.getByLabel('Pagamento presencial').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pendente');
});

test('vouchers: one step with the field; a used one is "Voucher inválido..." beside it and a rejected confirmation, a valid one confirms the registration', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_USERS.voluntario.email);
  await page.goto(`/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceSecond.id}`);
  await page.getByLabel('Voucher').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
  // the field is on step 2, with a visible button; nothing was registered yet
  const field = page.getByLabel('Código do voucher');
  const apply = page.getByRole('button', { name: 'Aplicar voucher »' });
  await expect(field).toBeVisible();
  await expect(apply).toBeVisible();
  const mine = await myRegistrations(request, DEMO_USERS.voluntario.email);
  const before = mine.filter((r) => r.event_id === DEMO_EVENTS.conference.id).length;
  expect(before).toBe(0);

  // a short code: the exact-length message beside the field, nothing sent
  await field.pressSequentially('abc');
  await apply.click();
  await expect(page.getByText('O campo deve ter exatamente 8 caracteres')).toBeVisible();

  // a used voucher, auto-sent after its 8th character: the error beside the field, still step 2
  await field.fill('');
  await field.pressSequentially(DEMO_VOUCHERS.used.code.replace('-', '').toLowerCase());
  await expect(field).toHaveValue(DEMO_VOUCHERS.used.code.toLowerCase());
  await expect(page.locator('.field-error').filter({ hasText: 'Voucher inválido...' })).toBeVisible();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();

  // a valid one typed: sent by itself after its 8th character, like the used one (a click on the
  // button then would race the auto-send, which may already have moved on to the registration)
  await field.fill('');
  await field.pressSequentially(DEMO_VOUCHERS.conference.code.replace('-', ''));
  await expect(notice(page, 'Inscrição confirmada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/my-registrations/'), { timeout: 5000 });
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByText(`Voucher válido aplicado: ${DEMO_VOUCHERS.conference.code}`)).toBeVisible();
  // the invalid one is the first attempt, rejected with its reason
  const confirmations = detail.getByTestId('confirmation');
  await expect(confirmations).toHaveCount(2);
  await expect(confirmations.nth(1)).toContainText('Rejeitado');
  await expect(confirmations.nth(1)).toContainText(`Voucher inválido aplicado: ${DEMO_VOUCHERS.used.code}`);
  await expect(confirmations.nth(1)).toContainText('Motivo: Voucher inválido...');
});

test('ALREADY_REGISTERED: registered meanwhile from another device', async ({ page, request }) => {
  // membro@: the one demo user no other spec registers on this event (the server is shared)
  await signIn(page, DEMO_USERS.membro.email);
  await page.goto(`/checkout/${DEMO_EVENTS.forced.id}/${DEMO_TIERS.forcedEarly.id}`);
  await page.getByLabel('PIX com envio de comprovante').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  const other = await registerByApi(
    request,
    DEMO_USERS.membro.email,
    DEMO_EVENTS.forced.id,
    DEMO_TIERS.forcedEarly.id,
    'file',
  );
  expect(other.status()).toBe(201);
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(notice(page, 'Você já tem uma inscrição para esse evento!')).toBeVisible();
  // the submitting flag is cleared: the button works again
  await expect(page.getByRole('button', { name: 'Ok, entendi!' })).toBeEnabled();
});

test('TIER_UNAVAILABLE: the last places go while the member decides', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.admin.email);
  await page.goto(`/checkout/${DEMO_EVENTS.later.id}/${DEMO_FEW_PLACES_TIER.id}`);
  await page.getByLabel('Pagamento presencial').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  for (const email of [DEMO_USERS.lider.email, DEMO_USERS.secretaria.email]) {
    const res = await registerByApi(request, email, DEMO_EVENTS.later.id, DEMO_FEW_PLACES_TIER.id, 'cash');
    expect(res.status()).toBe(201);
  }
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(notice(page, 'Opss... as inscrições desse lote esgotaram')).toBeVisible();
  // said on the screen, with what to do, and still there once the notice is gone
  const soldOut = page.getByTestId('checkout-sold-out');
  await expect(soldOut).toContainText('As vagas deste lote acabaram enquanto você se inscrevia.');
  await expect(soldOut).toContainText('Nada foi cobrado');
  await expect(notice(page, 'Opss... as inscrições desse lote esgotaram')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(soldOut).toBeInViewport();
  await soldOut.getByRole('link', { name: 'Ver os lotes do evento »' }).click();
  // the event's tiers, this one now 'Esgotado'
  const tier = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Lote Relâmpago' }) });
  await expect(tier).toContainText('Esgotado');
});

test('payment link: offered only on a tier with its link; step 2 says when it comes, step 3 opens it', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_USERS.membro.email);
  // an event of its own whose tier has a link (so no other spec's registration is in the way)
  const {
    eventId,
    tierIds: [linkTier, plainTier],
  } = await ownEvent(request, { title: 'Retiro com link de pagamento', methods: ['link', 'cash'] }, [
    { name: 'Com link', price: 15000, payment_link: 'https://mpago.la/retiro-teste' },
    { name: 'Sem link', price: 15000 },
  ]);

  // the event allows 'link', but a tier without its link does not offer it
  await page.goto(`/checkout/${eventId}/${plainTier}`);
  await expect(page.getByLabel('Pagamento presencial')).toBeVisible();
  await expect(page.getByLabel('Cartão via link de pagamento')).toHaveCount(0);

  await page.goto(`/checkout/${eventId}/${linkTier}`);
  await page.getByLabel('Cartão via link de pagamento').check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await expect(page.getByTestId('method-instructions')).toContainText(
    'o link de pagamento aparece na próxima tela',
  );
  await expect(page.getByRole('button', { name: '« Voltar' })).toBeVisible();
  await page.getByRole('button', { name: 'Ok, entendi!' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pendente');
  await expect(page.getByRole('link', { name: 'Abrir link de pagamento' })).toHaveAttribute(
    'href',
    'https://mpago.la/retiro-teste',
  );
  await expect(page.getByText(/^Link válido até \d\d\/\d\d\/\d{4}/)).toBeVisible();
});
