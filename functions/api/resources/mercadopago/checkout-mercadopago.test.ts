import { describe, expect, it } from 'vitest';
import { tierAvailable } from '../../testing/checkout-fixtures.ts';
import { mercadoPagoSuite } from '../../testing/mercadopago-suite.ts';

// POST /v1/checkout with mp_card and mp_pix through the real route (fake gateway in memory).
const suite = mercadoPagoSuite({ total: 5, price: 4990 });
const db = () => suite.db;

async function member() {
  const id = await suite.newUser();
  return suite.t.tokenFor({ id, email: `${id}@teste.local` });
}

const buy = (token: string, body: Record<string, unknown>) =>
  suite.t.call(`/v1/checkout/${suite.fx.eventId}/${suite.fx.tierId}`, {
    token,
    json: { tierId: suite.fx.tierId, ...body },
  });

const card = (name: string) => ({
  token: `tok-${name}-${crypto.randomUUID()}`,
  payment_method_id: 'master',
  installments: 1,
  issuer_id: null,
  transaction_amount: 0.01,
  payer: { email: 'x@y.com', identification: { type: 'CPF', number: '12345678909' } },
});

describe('checkout with Mercado Pago', () => {
  it('card APRO → paid at once, charged the tier price whatever the browser says', async () => {
    const res = await buy(await member(), { paymentMethod: 'mp_card', transactionData: card('APRO') });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ strategy: 'mp_card', status: 'paid', frozen_value: 4990 });
    expect(suite.t.payments.byId.get(res.body[0].transaction_id)?.amountCents).toBe(4990);
  });

  it('card OTHE → 422 CARD_INVALID; the place is back and the member tries again on the same registration', async () => {
    const token = await member();
    const before = await tierAvailable(db(), suite.fx.tierId);
    const res = await buy(token, { paymentMethod: 'mp_card', transactionData: card('OTHE') });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'CARD_INVALID',
      message: 'Erro ao processar pagamento. Verifique os dados do cartão.',
    });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before);
    const again = await buy(token, { paymentMethod: 'mp_card', transactionData: card('APRO') });
    expect(again.status).toBe(201);
    expect(again.body[0].status).toBe('paid');
    // one event, one registration: the rejected attempt and the paid one, newest first
    const mine = await suite.t.call('/v1/registrations', { token });
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ id: again.body[0].registration_id, status: 'paid' });
    expect(mine.body[0].confirmations.map((c: { status: string }) => c.status)).toEqual(['paid', 'rejected']);
    expect(mine.body[0].confirmations[1].response_data.reason).toEqual(expect.any(String));
  });

  it('card without the Brick’s token → 400 INVALID_DATA, nothing taken', async () => {
    const before = await tierAvailable(db(), suite.fx.tierId);
    const res = await buy(await member(), { paymentMethod: 'mp_card', transactionData: { token: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_DATA');
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before);
  });

  it('PIX → pending with the code and QR; PIX_FAIL when Mercado Pago fails', async () => {
    const res = await buy(await member(), { paymentMethod: 'mp_pix' });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({
      strategy: 'mp_pix',
      status: 'pending',
      request_data: { qr_code: expect.any(String), qr_code_base64: expect.any(String) },
    });
    expect(res.body[0].expires_at).toEqual(expect.any(String));

    const token = await member();
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.down = true;
    try {
      const failed = await buy(token, { paymentMethod: 'mp_pix' });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        code: 'PIX_FAIL',
        message: 'Ocorreu um erro ao processar o PIX. Tente novamente mais tarde!',
      });
    } finally {
      suite.t.payments.down = false;
    }
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before);
    expect((await buy(token, { paymentMethod: 'mp_pix' })).status).toBe(201);
  });
});
