/**
 * Refunds end to end on the local host (dev mode: the API's Mercado Pago adapter talks HTTP to the
 * host's stand-in, which answers the refunds API and sends the signed notifications): a member pays
 * a PIX and withdraws (status, place back, e-mail); staff refund a card payment with a reason; a
 * refund made in Mercado Pago's panel is applied once though notified twice; a chargeback takes the
 * ticket off the door's roster at its next sync.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { decodeBrCode, pixTxid } from '../../src/domain/pix.ts';
import { pixKeyOf } from '../../src/domain/tiers.ts';
import { callApi, mailsTo, mailTo, newMember, tokenOf } from './api.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** 'Acampamento de Verão' → 'Inscrição antecipada' (R$ 180,00): card and PIX allowed. */
const EVENT = DEMO_EVENTS.forced;
const TIER = DEMO_TIERS.forcedEarly.id;

interface Confirmation {
  registration_id: string;
  confirmation_id: string;
  transaction_id: string;
  status: string;
}

async function available(request: APIRequestContext): Promise<number | null> {
  const res = await request.get(`/functions/v1/api/v1/events/${EVENT.id}`, {
    headers: { apikey: 'sb_publishable_congrega_local' },
  });
  const event = (await res.json()) as { pricing_tiers: { id: string; available: number | null }[] };
  return event.pricing_tiers.find((t) => t.id === TIER)!.available;
}

/** A PIX checkout by the API, paid on the stand-in (which notifies the app). */
async function paidPix(request: APIRequestContext, token: string): Promise<Confirmation> {
  const res = await callApi<Confirmation[]>(request, token, 'POST', `/v1/checkout/${EVENT.id}/${TIER}`, {
    tierId: TIER,
    paymentMethod: 'mp_pix',
  });
  expect(res.status).toBe(201);
  const confirmation = res.body[0]!;
  const paid = await request.post(`/_dev/mercadopago/payments/${confirmation.transaction_id}/pay`, {
    headers: { accept: 'application/json' },
  });
  expect(await paid.json()).toEqual({ webhookStatus: 200 });
  return confirmation;
}

/** A card checkout (APRO) by the API: the card becomes a token at the stand-in, as the Brick does. */
async function paidCard(request: APIRequestContext, token: string): Promise<Confirmation> {
  const config = await callApi<{ publicKey: string }>(request, token, 'GET', '/v1/mercadopago/config');
  const card = await request.post(
    `/_dev/mercadopago/v1/card_tokens?public_key=${encodeURIComponent(config.body.publicKey)}`,
    {
      data: {
        card_number: '5031433215406351',
        expiration_month: 11,
        expiration_year: 2030,
        security_code: '123',
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } },
      },
    },
  );
  const cardToken = (await card.json()) as { id: string; payment_method_id: string };
  const res = await callApi<Confirmation[]>(request, token, 'POST', `/v1/checkout/${EVENT.id}/${TIER}`, {
    tierId: TIER,
    paymentMethod: 'mp_card',
    transactionData: {
      token: cardToken.id,
      payment_method_id: cardToken.payment_method_id,
      installments: 1,
      payer: { identification: { type: 'CPF', number: '12345678909' } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body[0]!.status).toBe('paid');
  return res.body[0]!;
}

async function registrationStatus(request: APIRequestContext, token: string, id: string) {
  return (await callApi<{ status: string }>(request, token, 'GET', `/v1/registrations/${id}`)).body.status;
}

async function openRegistration(page: Page, id: string) {
  await page.goto(`/my-registrations/${id}`);
  await expect(page.getByTestId('registration-detail')).toBeVisible();
}

test('a member pays by PIX, withdraws within the period and gets the money back: status, place, e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Rute Arrependida');
  const token = await tokenOf(request, email);
  // the rule is shown before payment
  await signIn(page, email);
  await page.goto(`/checkout/${EVENT.id}/${TIER}`);
  await page.getByRole('radio', { name: 'PIX', exact: true }).check();
  await expect(page.getByTestId('withdrawal-rule')).toHaveText(
    'Direito de arrependimento: você pode cancelar e receber o valor de volta em até 7 dias após o pagamento, desde que antes do início do evento.',
  );
  const confirmation = await paidPix(request, token);
  const before = await available(request);

  await openRegistration(page, confirmation.registration_id);
  await expect(page.getByTestId('registration-status')).toHaveText('Pago');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancelar e pedir reembolso' }).click();
  await expect(page.getByTestId('registration-status')).toHaveText('Reembolsado');
  await expect(page.getByTestId('refund-status')).toContainText('Reembolsado: R$\u00a0180,00 em');
  await expect(page.getByTestId('refund-status')).toBeInViewport();

  expect(await registrationStatus(request, token, confirmation.registration_id)).toBe('refunded');
  if (before !== null) expect(await available(request)).toBe(before + 1);
  const payments = (await (await request.get('/_dev/mercadopago/payments.json')).json()) as {
    id: number;
    status: string;
  }[];
  expect(payments.find((p) => String(p.id) === confirmation.transaction_id)?.status).toBe('refunded');
  const mail = await mailTo(request, email, new RegExp(`^Reembolso: ${EVENT.title}`));
  expect(mail.text).toContain('R$\u00a0180,00');
  // the stand-in's own notification of this refund came too: still one refund, one e-mail
  await expect
    .poll(async () => (await mailsTo(request, email)).filter((m) => m.subject.startsWith('Reembolso')).length)
    .toBe(1);
});

test('staff refund a card payment with a reason: refunded at Mercado Pago, recorded with who and when', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Tiago Cartao');
  const token = await tokenOf(request, email);
  const confirmation = await paidCard(request, token);

  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto('/admin/registrations');
  await page.getByRole('button', { name: 'Outros filtros' }).click();
  await page.getByLabel('Nome ou email').fill(email);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.locator(`[data-confirmation="${confirmation.confirmation_id}"]`);
  await row.getByRole('button', { name: /Tiago Cartao/ }).click();
  // a paid card attempt offers 'Reembolsar', never 'Excluir'
  await expect(row.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(page.getByText('R$\u00a0180,00 voltam ao pagador pelo Mercado Pago')).toBeVisible();
  await page.getByLabel('Motivo do reembolso').fill('Desistência comunicada à secretaria');
  await page.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByText('Reembolso registrado').first()).toBeVisible();

  expect(await registrationStatus(request, token, confirmation.registration_id)).toBe('refunded');
  // the record: the row now shows who refunded, when and how much
  await page.getByLabel('Status').selectOption({ label: 'Reembolsado' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await row.getByRole('button', { name: /Tiago Cartao/ }).click();
  await expect(row.getByText(/R\$\u00a0180,00 · por .+ em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await mailTo(request, email, new RegExp(`^Reembolso: ${EVENT.title}`));
});

test('a refund made in Mercado Pago’s panel is applied once though notified twice', async ({ request }) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Ana Painel');
  const token = await tokenOf(request, email);
  const confirmation = await paidPix(request, token);
  const before = await available(request);
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`/_dev/mercadopago/payments/${confirmation.transaction_id}/refund`, {
      headers: { accept: 'application/json' },
    });
    expect(await res.json()).toEqual({ webhookStatus: 200 });
  }
  expect(await registrationStatus(request, token, confirmation.registration_id)).toBe('refunded');
  if (before !== null) expect(await available(request)).toBe(before + 1);
  await mailTo(request, email, /^Reembolso/);
  expect((await mailsTo(request, email)).filter((m) => m.subject.startsWith('Reembolso'))).toHaveLength(1);
});

test('a chargeback leaves the door’s roster at its next sync and tells staff', async ({ request }) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Caio Estorno');
  const token = await tokenOf(request, email);
  const confirmation = await paidCard(request, token);
  const staff = await tokenOf(request, DEMO_USERS.voluntario.email);
  type Roster = { entries: { id: string; paid: boolean }[]; cursor?: string | null };
  const roster = async () =>
    (await callApi<Roster>(request, staff, 'GET', `/v1/admin/checkin/events/${EVENT.id}/roster`)).body;
  expect((await roster()).entries.find((e) => e.id === confirmation.registration_id)?.paid).toBe(true);

  const res = await request.post(`/_dev/mercadopago/payments/${confirmation.transaction_id}/chargeback`, {
    headers: { accept: 'application/json' },
  });
  expect(await res.json()).toEqual({ webhookStatus: 200 });
  expect(await registrationStatus(request, token, confirmation.registration_id)).toBe('charged_back');
  // the next sync: the ticket is no longer paid, so the door refuses it
  expect((await roster()).entries.find((e) => e.id === confirmation.registration_id)?.paid).toBe(false);
  await mailTo(request, DEMO_USERS.secretaria.email, new RegExp(`^Estorno de pagamento: ${EVENT.title}`));
});

test('the receipt PIX: a BR Code with the exact amount and the registration’s txid, fitting 320 px; staff see what to expect', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Lia Comprovante');
  const token = await tokenOf(request, email);
  const res = await callApi<Confirmation[]>(request, token, 'POST', `/v1/checkout/${EVENT.id}/${TIER}`, {
    tierId: TIER,
    paymentMethod: 'file',
  });
  expect(res.status).toBe(201);
  const registrationId = res.body[0]!.registration_id;
  const mine = await callApi<{ seq: string; tier: { custom_pix_key: string | null } }>(
    request,
    token,
    'GET',
    `/v1/registrations/${registrationId}`,
  );
  const txid = pixTxid({ id: registrationId, seq: mine.body.seq });

  await page.setViewportSize({ width: 320, height: 700 });
  await signIn(page, email);
  await openRegistration(page, registrationId);
  const code = page.getByLabel('PIX copia e cola');
  await expect(code).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  const decoded = decodeBrCode(await code.inputValue());
  expect(decoded).toMatchObject({
    key: pixKeyOf(mine.body.tier),
    amountCents: 18000,
    txid,
    crcValid: true,
  });
  await expect(page.getByTestId('pix-txid')).toHaveText(txid);
  await expect(page.getByRole('img', { name: 'QR code do PIX de R$\u00a0180,00' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // staff review: the expected amount and txid beside the receipt
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  const list = await callApi<{ items: { id: string; registration: { id: string } }[] }>(
    request,
    staff,
    'GET',
    `/v1/admin/confirmations?text=${encodeURIComponent(email)}`,
  );
  const confirmationId = list.body.items.find((i) => i.registration.id === registrationId)!.id;
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto('/admin/registrations');
  await page.getByRole('button', { name: 'Outros filtros' }).click();
  await page.getByLabel('Nome ou email').fill(email);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.locator(`[data-confirmation="${confirmationId}"]`);
  await row.getByRole('button', { name: /Lia Comprovante/ }).click();
  await expect(row.getByText('Identificador esperado (txid)')).toBeVisible();
  await expect(row.getByText(txid, { exact: true })).toBeVisible();
});
