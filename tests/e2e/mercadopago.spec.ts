/**
 * Mercado Pago end to end on the local host (dev mode: the API's production adapter talks HTTP to
 * the host's fake, and the browser gets the stand-in Brick): PIX paid on the dev page, which sends
 * the signed webhook; card APRO paid; card OTHE refused with the error on the form, then APRO on the
 * same registration (one registration, two attempts).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY, tokenOf } from './api.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** 'Acampamento de Verão' → 'Inscrição antecipada' (R$ 180,00): card and PIX allowed. */
const EVENT = DEMO_EVENTS.forced.id;
const TIER = DEMO_TIERS.forcedEarly.id;

function api(request: APIRequestContext, token: string) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  return {
    checkout: (body: Record<string, unknown>) =>
      request.post(`/functions/v1/api/v1/checkout/${EVENT}/${TIER}`, {
        headers,
        data: { tierId: TIER, ...body },
      }),
    confirmation: (id: string) =>
      request.get(`/functions/v1/api/v1/mercadopago/confirmations/${id}`, { headers }),
  };
}

/** Step 1 of the checkout with a method chosen, then step 2. */
async function chooseMethod(page: Page, method: 'PIX' | 'Cartão de crédito') {
  await page.goto(`/checkout/${EVENT}/${TIER}`);
  await expect(page.getByText('Passo 1 de 3')).toBeVisible();
  await page.getByRole('radio', { name: method, exact: true }).check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
}

/** The local stand-in of the Card Payment Brick. */
async function payByCard(page: Page, cardholder: string) {
  await page.getByLabel('Número do cartão').fill('5031433215406351');
  await page.getByLabel('Nome do titular (como no cartão)').fill(cardholder);
  await page.getByLabel('Validade (MM/AA)').fill('11/30');
  await page.getByLabel('Código de segurança (CVV)').fill('123');
  await page.getByLabel('CPF do titular').fill('12345678909');
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
}

async function payOnDevPage(page: Page, paymentId: string) {
  await page.goto('/_dev/mercadopago');
  await expect(page.getByRole('heading', { name: 'Mercado Pago simulado' })).toBeVisible();
  await page.getByRole('button', { name: `Pagar PIX ${paymentId}`, exact: true }).click();
  // the page sent the signed webhook and shows the API's answer
  await expect(page.getByRole('status')).toContainText(
    `Notificação do pagamento ${paymentId} enviada: resposta 200.`,
  );
  await expect(page.getByRole('button', { name: `Pagar PIX ${paymentId}`, exact: true })).toHaveCount(0);
}

test('PIX: the code is made by the fake, paid on the dev page, and the signed webhook marks it paid', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DEMO_USERS.lider.email);
  const res = await api(request, token).checkout({ paymentMethod: 'mp_pix' });
  expect(res.status()).toBe(201);
  const [confirmation] = (await res.json()) as {
    confirmation_id: string;
    transaction_id: string;
    status: string;
    request_data: { qr_code: string; qr_code_base64: string };
  }[];
  expect(confirmation!.status).toBe('pending');
  expect(confirmation!.request_data.qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);

  await payOnDevPage(page, confirmation!.transaction_id);
  const after = await api(request, token).confirmation(confirmation!.confirmation_id);
  expect(((await after.json()) as { status: string }).status).toBe('paid');
});

test('PIX in the app: code and QR on the last step, paid on the dev page, then the ticket', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.voluntario.email);
  await chooseMethod(page, 'PIX');
  await page.getByRole('button', { name: 'Pagar R$\u00a0180,00' }).click();
  await expect(page.getByText('Passo 3 de 3')).toBeVisible();
  const code = page.getByLabel('Código PIX copia e cola');
  await expect(code).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(page.getByRole('img', { name: 'QR code do PIX' })).toBeVisible();
  await expect(page.getByText('Aguardando o pagamento...')).toBeVisible();

  // pay it on the dev page in another tab, as the member's bank would
  // the fake's txid (EMV field 62/05, length-prefixed) is MP<payment id>
  const txid = /62\d{2}05(\d{2})([A-Za-z0-9]+)/.exec(await code.inputValue());
  const paymentId = txid?.[2]?.slice(0, Number(txid[1])).replace(/^MP/, '');
  expect(paymentId).toBeTruthy();
  // (the dev page's own button is clicked in the first test; here its form endpoint is posted)
  const paid = await page.request.post(`/_dev/mercadopago/payments/${paymentId}/pay`, {
    headers: { accept: 'application/json' },
  });
  expect(await paid.json()).toEqual({ webhookStatus: 200 });

  // the screen was polling: it shows the payment and the ticket
  await expect(
    page
      .getByText('Pagamento recebido! Sua inscrição está confirmada.')
      .or(page.getByText('Inscrição confirmada! Apresente este QR code na entrada.')),
  ).toBeVisible({ timeout: 20_000 });
  await page.goto('/my-registrations');
  await expect(page.getByText(DEMO_EVENTS.forced.title).first()).toBeVisible();
  await page.getByText(DEMO_EVENTS.forced.title).first().click();
  await expect(page.getByText('Inscrição confirmada! Apresente este QR code na entrada.')).toBeVisible();
});

test('card APRO: paid at once with the ticket', async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  await chooseMethod(page, 'Cartão de crédito');
  await expect(page.getByText(/Ambiente local: este formulário simula/)).toBeVisible();
  await payByCard(page, 'APRO');
  await expect(page.getByText('Passo 3 de 3')).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  await expect(page.getByText('Inscrição confirmada! Apresente este QR code na entrada.')).toBeVisible();
});

test('card OTHE then APRO: the error stays on the form, every field kept and valid; one registration with two confirmations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the page's clock: the notice's 5 s are run on it, not waited for
  await page.clock.install();
  await signIn(page, DEMO_USERS.admin.email);
  await chooseMethod(page, 'Cartão de crédito');
  await payByCard(page, 'OTHE');
  const error = 'Erro ao processar pagamento. Verifique os dados do cartão.';
  await expect(page.getByTestId('card-error')).toHaveText(error);
  // still step 2, the form kept every field as typed, none marked invalid (a refusal is the bank's)
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
  await expect(page.getByLabel('Nome do titular (como no cartão)')).toHaveValue('OTHE');
  await expect(page.getByLabel('Validade (MM/AA)')).toHaveValue('11/30');
  await expect(page.getByLabel('CPF do titular')).toHaveValue('123.456.789-09');
  await expect(page.getByLabel('Número do cartão')).toHaveValue('5031 4332 1540 6351');
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('123');
  for (const label of ['Número do cartão', 'Código de segurança (CVV)'])
    await expect(page.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
  // the error is still there after the 5 s notice is gone
  await page.clock.runFor(6000);
  await expect(page.locator('.notice-negative')).toHaveCount(0);
  await expect(page.getByTestId('card-error')).toHaveText(error);
  // the place came back and the member pays again from the same form
  await payByCard(page, 'APRO');
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');

  await page.getByRole('link', { name: 'Ver minha inscrição »' }).click();
  const detail = page.getByTestId('registration-detail');
  const confirmations = detail.getByTestId('confirmation');
  await expect(confirmations).toHaveCount(2);
  await expect(confirmations.nth(0)).toContainText('Tentativa 2 em');
  await expect(confirmations.nth(0)).toContainText('Pago');
  await expect(confirmations.nth(1)).toContainText('Tentativa 1 em');
  await expect(confirmations.nth(1)).toContainText('Rejeitado');
  await page.goto('/my-registrations');
  await expect(
    page.getByTestId('registration-card').filter({ hasText: DEMO_EVENTS.forced.title }),
  ).toHaveCount(1);
});

test('card and PIX step 2 go back to the methods with « Voltar', async ({ page }) => {
  // voluntario@ holds nothing on the later event (card and PIX allowed); nothing is submitted here
  await signIn(page, DEMO_USERS.voluntario.email);
  await page.goto(`/checkout/${DEMO_EVENTS.later.id}/${DEMO_TIERS.laterCouple.id}`);
  for (const method of ['PIX', 'Cartão de crédito'] as const) {
    await expect(page.getByText('Passo 1 de 3')).toBeVisible();
    await page.getByRole('radio', { name: method, exact: true }).check();
    await page.getByRole('button', { name: 'Continuar »' }).click();
    await expect(page.getByText('Passo 2 de 3')).toBeVisible();
    await page.getByRole('button', { name: '« Voltar' }).click();
    await expect(page.getByRole('radio', { name: method, exact: true })).toBeVisible();
  }
});
