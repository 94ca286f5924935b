import { describe, expect, it } from 'vitest';
import { ApiHttpError } from '../../lib/errors.ts';
import { makeRegistration, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { mercadoPagoSuite } from '../../testing/mercadopago-suite.ts';
import { TEST_NOW } from '../../testing/test-app.ts';
import type { MethodContext, StartedConfirmation } from '../checkout/methods/method.ts';
import { mpCardMethod } from '../checkout/methods/mp-card.ts';
import { mpPixMethod } from '../checkout/methods/mp-pix.ts';

// The mp_card and mp_pix checkout methods, the PIX sweep and the attempt poll, on PGlite and PostgreSQL.
const suite = mercadoPagoSuite({ total: 20 });
const db = () => suite.db;

/** A registration holding a place with its first attempt (as the checkout's transaction leaves it). */
async function checkoutOf(strategy: 'mp_card' | 'mp_pix', transactionData?: Record<string, unknown>) {
  const userId = await suite.newUser();
  const { registrationId, confirmationId } = await makeRegistration(db(), suite.fx, userId, { strategy });
  const ctx: MethodContext = {
    ports: suite.t.ports,
    now: TEST_NOW,
    user: { id: userId, email: `${userId}@teste.local`, userMetadata: {}, claims: {} },
    body: { paymentMethod: strategy, tierId: suite.fx.tierId, transactionData },
    event: {
      id: suite.fx.eventId,
      title: 'Evento de teste',
      starts_at: new Date(TEST_NOW.getTime() + 864e5),
    },
    tier: { id: suite.fx.tierId, name: 'Lote teste', price: 1000, payment_link: null, custom_pix_key: null },
    registrationId,
    amount: 1000,
  };
  const handler = strategy === 'mp_card' ? mpCardMethod : mpPixMethod;
  const start = await handler.start(ctx, db());
  const expiresAt = start.expiresAt ? start.expiresAt.toISOString() : null;
  await db().query('update registration_confirmations set expires_at = $1, request_data = $2 where id = $3', [
    expiresAt,
    start.requestData ?? null,
    confirmationId,
  ]);
  const confirmation: StartedConfirmation = {
    id: confirmationId,
    status: start.status,
    expires_at: expiresAt,
    transaction_id: null,
    request_data: start.requestData ?? null,
    response_data: null,
  };
  return {
    ctx,
    confirmation,
    userId,
    registrationId,
    confirmationId,
    run: () => handler.afterCommit!(ctx, confirmation),
  };
}

async function row(confirmationId: string) {
  const [r] = await db().query<{
    c: string;
    r: string;
    transaction_id: string | null;
    request_data: Record<string, unknown> | null;
    response_data: Record<string, unknown> | null;
    expires_at: Date | null;
  }>(
    `select c.status as c, r.status as r, c.transaction_id, c.request_data, c.response_data, c.expires_at
       from registration_confirmations c join registrations r on r.id = c.registration_id where c.id = $1`,
    [confirmationId],
  );
  return r!;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiHttpError);
  return error as ApiHttpError;
}

const card = (name: string) => ({
  token: `tok-${name}-${crypto.randomUUID()}`,
  payment_method_id: 'master',
  installments: 1,
  issuer_id: '24',
  payer: { email: 'x@y.com', identification: { type: 'CPF', number: '12345678909' } },
  transaction_amount: 0.01, // what a tampered browser says: never read
});

describe('mp_card', () => {
  it('APRO: paid at once, charged the frozen value with the confirmation id as idempotency key', async () => {
    const c = await checkoutOf('mp_card', card('APRO'));
    const answered = await c.run();
    expect(answered.status).toBe('paid');
    const payment = suite.t.payments.byId.get(answered.transaction_id!)!;
    expect(payment).toMatchObject({
      amountCents: 1000,
      externalReference: c.confirmationId,
      status: 'approved',
    });
    expect(await row(c.confirmationId)).toMatchObject({ c: 'paid', r: 'paid', transaction_id: payment.id });
    // a retried checkout (same attempt) finds the same payment: no second charge
    const size = suite.t.payments.byId.size;
    await c.run();
    expect(suite.t.payments.byId.size).toBe(size);
  });

  it('OTHE: CARD_INVALID (back to step 1), the confirmation rejected and its place returned', async () => {
    const c = await checkoutOf('mp_card', card('OTHE'));
    const before = await tierAvailable(db(), suite.fx.tierId);
    const error = await refusal(c.run());
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'CARD_INVALID',
      'Erro ao processar pagamento. Verifique os dados do cartão.',
    ]);
    expect(await row(c.confirmationId)).toMatchObject({ c: 'rejected', r: 'rejected' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
  });

  it('CONT: stays pending with the provider status', async () => {
    const c = await checkoutOf('mp_card', card('CONT'));
    const answered = await c.run();
    expect(answered.status).toBe('pending');
    expect((await row(c.confirmationId)).response_data).toBeNull();
    expect(answered.response_data).toMatchObject({ provider_status: 'in_process' });
  });

  it('a token Mercado Pago refuses → CARD_INVALID; Mercado Pago down → 502, no charge, place back', async () => {
    const refused = await checkoutOf('mp_card', { ...card('APRO'), token: 'not-a-token-at-all' });
    expect((await refusal(refused.run())).code).toBe('CARD_INVALID');
    expect((await row(refused.confirmationId)).c).toBe('rejected');

    const down = await checkoutOf('mp_card', card('APRO'));
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.down = true;
    try {
      const error = await refusal(down.run());
      expect([error.status, error.code]).toEqual([502, 'INTERNAL']);
    } finally {
      suite.t.payments.down = false;
    }
    expect(await row(down.confirmationId)).toMatchObject({ c: 'rejected', r: 'rejected' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
  });

  it('without the Brick’s token the checkout is INVALID_DATA before anything is taken', async () => {
    for (const data of [undefined, {}, { token: 'x', payment_method_id: 'master', installments: 0 }]) {
      const ctx = { body: { tierId: suite.fx.tierId, transactionData: data } } as unknown as MethodContext;
      expect(() => mpCardMethod.start(ctx, db())).toThrow(ApiHttpError);
    }
  });
});

describe('mp_pix', () => {
  it('pending with the copy-and-paste code and QR in request_data, expiring in 30 minutes', async () => {
    const c = await checkoutOf('mp_pix');
    const answered = await c.run();
    expect(answered.status).toBe('pending');
    expect(answered.expires_at).toBe(new Date(TEST_NOW.getTime() + 30 * 60_000).toISOString());
    const stored = await row(c.confirmationId);
    expect(stored.request_data).toMatchObject({
      qr_code: expect.stringMatching(/^000201/),
      qr_code_base64: expect.any(String),
    });
    expect(stored.transaction_id).toBe(answered.transaction_id);
    const payment = suite.t.payments.byId.get(answered.transaction_id!)!;
    expect(payment).toMatchObject({ amountCents: 1000, externalReference: c.confirmationId });
  });

  it('Mercado Pago failing: PIX_FAIL, the confirmation rejected with a reason, the place returned', async () => {
    const c = await checkoutOf('mp_pix');
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.down = true;
    try {
      const error = await refusal(c.run());
      expect([error.status, error.code, error.message]).toEqual([
        502,
        'PIX_FAIL',
        'Ocorreu um erro ao processar o PIX. Tente novamente mais tarde!',
      ]);
    } finally {
      suite.t.payments.down = false;
    }
    const stored = await row(c.confirmationId);
    expect(stored).toMatchObject({ c: 'rejected', r: 'rejected' });
    expect(stored.response_data?.reason).toBe('Não foi possível gerar o PIX.');
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
  });
});

describe('PIX expiry without a webhook, and the payment screen’s poll', () => {
  it('the poll answers the member’s own confirmation only, and expires it once overdue (place back once)', async () => {
    const c = await checkoutOf('mp_pix');
    await c.run();
    const mine = suite.t.tokenFor({ id: c.userId, email: c.ctx.user.email });
    const poll = await suite.t.call(`/v1/mercadopago/confirmations/${c.confirmationId}`, { token: mine });
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({
      status: 'pending',
      strategy: 'mp_pix',
      request_data: { qr_code: expect.any(String) },
    });
    const other = await suite.t.call(`/v1/mercadopago/confirmations/${c.confirmationId}`, {
      token: suite.t.tokenFor({}),
    });
    expect(other.status).toBe(404);
    expect((await suite.t.call('/v1/mercadopago/confirmations/nao-e-uuid', { token: mine })).status).toBe(
      400,
    );
    expect((await suite.t.call(`/v1/mercadopago/confirmations/${c.confirmationId}`)).status).toBe(401);

    await db().query(`update registration_confirmations set expires_at = $1 where id = $2`, [
      new Date(TEST_NOW.getTime() - 1000),
      c.confirmationId,
    ]);
    const before = await tierAvailable(db(), suite.fx.tierId);
    const polls = await Promise.all(
      [1, 2, 3].map(() => suite.t.call(`/v1/mercadopago/confirmations/${c.confirmationId}`, { token: mine })),
    );
    for (const p of polls) expect(p.body.status).toBe('expired');
    expect(await row(c.confirmationId)).toMatchObject({ c: 'expired', r: 'expired' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
  });

  it('the sweep (service key only) expires overdue PIX, but one paid at the last second becomes paid', async () => {
    const unpaid = await checkoutOf('mp_pix');
    const paidLate = await checkoutOf('mp_pix');
    const a = await unpaid.run();
    const b = await paidLate.run();
    suite.t.payments.settle(b.transaction_id!, 'approved');
    await db().query(`update registration_confirmations set expires_at = $1 where id = any($2::uuid[])`, [
      new Date(TEST_NOW.getTime() - 1000),
      [a.id, b.id],
    ]);
    expect((await suite.t.call('/v1/mercadopago/sweep', { method: 'POST' })).status).toBe(401);
    expect(
      (
        await suite.t.call('/v1/mercadopago/sweep', {
          method: 'POST',
          headers: { authorization: 'Bearer anon' },
        })
      ).status,
    ).toBe(401);
    const swept = await suite.t.call('/v1/mercadopago/sweep', {
      method: 'POST',
      headers: { authorization: 'Bearer service' },
    });
    expect(swept.status).toBe(200);
    expect(swept.body.expired).toBeGreaterThanOrEqual(1);
    expect(swept.body.paid).toBe(1);
    expect((await row(a.id)).c).toBe('expired');
    expect((await row(b.id)).c).toBe('paid');
  });

  it('the config gives the browser the public key only', async () => {
    const res = await suite.t.call('/v1/mercadopago/config', { token: suite.t.tokenFor({}) });
    expect(res.body).toEqual({ publicKey: 'TEST-public', simulated: true });
  });
});
