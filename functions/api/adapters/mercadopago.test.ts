import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../server/host.ts';
import { startHost } from '../../../tests/contract/helpers.ts';
import { PaymentGatewayError, type Payments } from '../ports/index.ts';
import {
  createMercadoPagoPayments,
  mercadoPagoDate,
  paymentRequestBody,
  toCents,
  toReais,
} from './mercadopago.ts';

/**
 * The production adapter over HTTP against the local host's Mercado Pago fake (dev mode): the same
 * requests it sends to api.mercadopago.com, with the sandbox's cardholder outcomes.
 */

let host: Host;
let payments: Payments;
let fakeUrl: string;
let publicKey: string;

/** What the Brick does in the browser: the card goes to Mercado Pago, we keep only the token. */
async function cardToken(name: string, number = '5031433215406351') {
  const res = await fetch(`${fakeUrl}/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: number,
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  return { status: res.status, body: (await res.json()) as { id: string; payment_method_id: string } };
}

const card = (token: string) => ({ token, paymentMethodId: 'master', installments: 1 });
const base = {
  amountCents: 4990,
  description: 'Congresso Jovem — 1º lote',
  payer: { email: 'ana@example.com', identification: { type: 'CPF' as const, number: '12345678909' } },
};

beforeAll(async () => {
  host = await startHost();
  // the adapter as the host builds it: reached via the fake's own URL, with the fake's credentials
  const fake = host.mercadoPagoFake!;
  expect(fake).not.toBeNull();
  fakeUrl = `${host.url.replace('localhost', '127.0.0.1')}/_dev/mercadopago`;
  publicKey = fake.credentials.publicKey;
  payments = createMercadoPagoPayments({ apiUrl: fakeUrl, accessToken: fake.credentials.accessToken });
});
afterAll(() => host?.close());

describe('Mercado Pago adapter against the local fake', () => {
  it('card APRO is approved, OTHE rejected, CONT in process; amounts round-trip in centavos', async () => {
    const outcomes: Record<string, [string, string]> = {
      APRO: ['approved', 'accredited'],
      OTHE: ['rejected', 'cc_rejected_other_reason'],
      CONT: ['in_process', 'pending_contingency'],
    };
    for (const [name, [status, detail]] of Object.entries(outcomes)) {
      const token = await cardToken(name);
      expect(token.status).toBe(201);
      const ref = crypto.randomUUID();
      const payment = await payments.createPayment({
        ...base,
        idempotencyKey: ref,
        method: 'mp_card',
        externalReference: ref,
        card: card(token.body.id),
      });
      expect(payment, name).toMatchObject({
        status,
        statusDetail: detail,
        externalReference: ref,
        amountCents: 4990,
      });
      expect(await payments.getPayment(payment.id)).toEqual(payment);
    }
  });

  it('the same idempotency key gives the same payment, never a second charge', async () => {
    const ref = crypto.randomUUID();
    const token = await cardToken('APRO');
    const input = {
      ...base,
      idempotencyKey: ref,
      method: 'mp_card' as const,
      externalReference: ref,
      card: card(token.body.id),
    };
    // Retries racing each other (a double tap, a timeout's retry): one payment for all of them.
    const [a, ...racing] = await Promise.all(Array.from({ length: 8 }, () => payments.createPayment(input)));
    const later = await payments.createPayment(input);
    for (const p of [...racing, later]) expect(p.id).toBe(a!.id);
    const all = (await host.mercadoPagoFake!.list()).filter((p) => p.external_reference === ref);
    expect(all).toHaveLength(1);
  });

  it('a used or unknown card token is refused (the invalid-card path), not a network error', async () => {
    const token = await cardToken('APRO');
    const first = crypto.randomUUID();
    await payments.createPayment({
      ...base,
      idempotencyKey: first,
      method: 'mp_card',
      externalReference: first,
      card: card(token.body.id),
    });
    const again = crypto.randomUUID();
    const error = await payments
      .createPayment({
        ...base,
        idempotencyKey: again,
        method: 'mp_card',
        externalReference: again,
        card: card(token.body.id),
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.kind).toBe('refused');
    const bad = await cardToken('APRO', '4111111111111112');
    expect(bad.status).toBe(400);
  });

  it('PIX is pending with a copy-and-paste code (valid CRC) and a PNG QR, expiring when asked', async () => {
    const ref = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    expiresAt.setMilliseconds(0);
    const payment = await payments.createPayment({
      ...base,
      idempotencyKey: ref,
      method: 'mp_pix',
      externalReference: ref,
      expiresAt: expiresAt.toISOString(),
    });
    expect(payment.status).toBe('pending');
    expect(payment.statusDetail).toBe('pending_waiting_transfer');
    expect(payment.pix?.qrCode).toMatch(/^000201.*5204000053039865405\d+\.\d{2}5802BR.*6304[0-9A-F]{4}$/);
    expect(payment.pix?.qrCode).toContain('540549.90');
    expect(Buffer.from(payment.pix!.qrCodeBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(payment.pix?.expiresAt).toBe(expiresAt.toISOString());
  });

  it('paying a PIX on the fake is what getPayment reads next; expiry reads as cancelled/expired', async () => {
    const ref = crypto.randomUUID();
    const pix = await payments.createPayment({
      ...base,
      idempotencyKey: ref,
      method: 'mp_pix',
      externalReference: ref,
    });
    await host.mercadoPagoFake!.settle(pix.id, 'pay');
    expect(await payments.getPayment(pix.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
    });

    const ref2 = crypto.randomUUID();
    const past = await payments.createPayment({
      ...base,
      idempotencyKey: ref2,
      method: 'mp_pix',
      externalReference: ref2,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await payments.getPayment(past.id)).toMatchObject({
      status: 'cancelled',
      statusDetail: 'expired',
    });
  });

  it('cancels a PIX not yet paid (it reads as cancelled after); a paid or cancelled one is refused', async () => {
    const pix = async () => {
      const ref = crypto.randomUUID();
      return payments.createPayment({
        ...base,
        idempotencyKey: ref,
        method: 'mp_pix',
        externalReference: ref,
      });
    };
    const waiting = await pix();
    expect(await payments.cancelPayment(waiting.id)).toMatchObject({ id: waiting.id, status: 'cancelled' });
    expect(await payments.getPayment(waiting.id)).toMatchObject({ status: 'cancelled' });
    await expect(payments.cancelPayment(waiting.id)).rejects.toMatchObject({ kind: 'refused', status: 400 });
    const paid = await pix();
    await host.mercadoPagoFake!.settle(paid.id, 'pay');
    await expect(payments.cancelPayment(paid.id)).rejects.toMatchObject({ kind: 'refused', status: 400 });
    expect(await payments.getPayment(paid.id)).toMatchObject({ status: 'approved' });
    await expect(payments.cancelPayment('999999999')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refunds an approved payment in full, once per key; a pending one is refused', async () => {
    const ref = crypto.randomUUID();
    const pix = await payments.createPayment({
      ...base,
      idempotencyKey: ref,
      method: 'mp_pix',
      externalReference: ref,
    });
    await expect(
      payments.refundPayment({ paymentId: pix.id, idempotencyKey: `refund-${ref}` }),
    ).rejects.toMatchObject({ kind: 'refused', status: 400 });
    await host.mercadoPagoFake!.settle(pix.id, 'pay');
    const refund = await payments.refundPayment({ paymentId: pix.id, idempotencyKey: `refund-${ref}` });
    expect(refund).toMatchObject({ paymentId: pix.id, amountCents: 4990, status: 'approved' });
    // the same key: the same refund, nothing more
    expect(await payments.refundPayment({ paymentId: pix.id, idempotencyKey: `refund-${ref}` })).toEqual(
      refund,
    );
    expect(await payments.getPayment(pix.id)).toMatchObject({ status: 'refunded', statusDetail: 'refunded' });
    // refunded already: another key is refused
    await expect(
      payments.refundPayment({ paymentId: pix.id, idempotencyKey: 'another-key' }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });

  it('maps failures: unknown payment → not_found, wrong token → unavailable, no server → unavailable', async () => {
    await expect(payments.getPayment('999999999')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(payments.getPayment('../../etc')).rejects.toMatchObject({ kind: 'not_found' });
    const wrong = createMercadoPagoPayments({ apiUrl: fakeUrl, accessToken: 'TEST-wrong' });
    await expect(wrong.getPayment('1')).rejects.toMatchObject({ kind: 'unavailable', status: 401 });
    const nowhere = createMercadoPagoPayments({
      apiUrl: 'http://127.0.0.1:9',
      accessToken: 'x',
      timeoutMs: 2000,
    });
    const ref = crypto.randomUUID();
    await expect(
      nowhere.createPayment({ ...base, idempotencyKey: ref, method: 'mp_pix', externalReference: ref }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('request body', () => {
  it('sends reais, the PIX expiry in Mercado Pago’s format, and no card fields for PIX', () => {
    expect(toReais(1990)).toBe(19.9);
    expect(toCents(19.9)).toBe(1990);
    expect(toCents(0.29)).toBe(29);
    expect(mercadoPagoDate('2026-03-10T20:30:00.000Z')).toBe('2026-03-10T17:30:00.000-03:00');
    const body = paymentRequestBody({
      ...base,
      idempotencyKey: 'k',
      method: 'mp_pix',
      externalReference: 'r',
      expiresAt: '2026-03-10T20:30:00.000Z',
    });
    expect(body).toMatchObject({
      transaction_amount: 49.9,
      payment_method_id: 'pix',
      external_reference: 'r',
    });
    expect(body.date_of_expiration).toBe('2026-03-10T17:30:00.000-03:00');
    expect(body).not.toHaveProperty('token');
  });
});
