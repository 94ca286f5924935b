/**
 * Mercado Pago end to end on the local host (dev mode: the API's production adapter talks HTTP to
 * the host's fake, and the browser gets the stand-in Brick): PIX paid on the dev page, which sends
 * the signed webhook; card APRO paid; card OTHE refused and back to step 1.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ANON_KEY } from '../../server/keys.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** 'Acampamento de Verão' → 'Inscrição antecipada' (R$ 180,00): card and PIX allowed. */
const EVENT = DEMO_EVENTS.forced.id;
const TIER = DEMO_TIERS.forcedEarly.id;

async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function api(request: APIRequestContext, token: string) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  return {
    checkout: (body: Record<string, unknown>) =>
      request.post(`/functions/v1/api/v1/checkout/${EVENT}/${TIER}`, {
        headers,
        data: { tierId: TIER, ...body },
      }),
    attempt: (id: string) => request.get(`/functions/v1/api/v1/mercadopago/confirmations/${id}`, { headers }),
  };
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
  const token = await accessToken(request, DEMO_USERS.lider.email);
  const res = await api(request, token).checkout({ paymentMethod: 'mp_pix' });
  expect(res.status()).toBe(201);
  const [attempt] = (await res.json()) as {
    confirmation_id: string;
    transaction_id: string;
    status: string;
    request_data: { qr_code: string; qr_code_base64: string };
  }[];
  expect(attempt!.status).toBe('pending');
  expect(attempt!.request_data.qr_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);

  await payOnDevPage(page, attempt!.transaction_id);
  const after = await api(request, token).attempt(attempt!.confirmation_id);
  expect(((await after.json()) as { status: string }).status).toBe('paid');
});
