import { describe, expect, it } from 'vitest';
import { signNotification } from '../../adapters/mercadopago-signature.ts';
import { makeRegistration, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { mercadoPagoSuite } from '../../testing/mercadopago-suite.ts';
import { TEST_NOW, TEST_WEBHOOK_SECRET } from '../../testing/test-app.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';

// POST /v1/webhooks/mercadopago in both projects: PGlite (unit) and a real PostgreSQL (postgres),
// where the concurrent webhook + staff case really races.
const suite = mercadoPagoSuite({ total: 50 });
const db = () => suite.db;

/** A pending PIX attempt (1000 centavos) with its payment at the fake gateway. */
async function pendingPix() {
  const { registrationId, confirmationId } = await makeRegistration(db(), suite.fx, await suite.newUser(), {
    strategy: 'mp_pix',
  });
  const payment = await suite.t.payments.createPayment({
    idempotencyKey: confirmationId,
    method: 'mp_pix',
    amountCents: 1000,
    description: 'teste',
    payer: { email: 'a@b.com' },
    externalReference: confirmationId,
  });
  await db().query('update registration_confirmations set transaction_id = $1 where id = $2', [
    payment.id,
    confirmationId,
  ]);
  return { registrationId, confirmationId, paymentId: payment.id };
}

/** Mercado Pago's notification for a payment, signed as it signs them (or with what a test says). */
async function notify(
  paymentId: string,
  opts: { signature?: string | null; requestId?: string; now?: Date; secret?: string; type?: string } = {},
) {
  const requestId = opts.requestId ?? crypto.randomUUID();
  const signature =
    opts.signature === undefined
      ? await signNotification({
          secret: opts.secret ?? TEST_WEBHOOK_SECRET,
          dataId: paymentId,
          requestId,
          now: opts.now ?? TEST_NOW,
        })
      : opts.signature;
  const headers: Record<string, string> = { 'x-request-id': requestId };
  if (signature !== null) headers['x-signature'] = signature;
  return suite.t.call(`/v1/webhooks/mercadopago?data.id=${paymentId}&type=${opts.type ?? 'payment'}`, {
    method: 'POST',
    headers,
    json: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
  });
}

async function state(confirmationId: string) {
  const [row] = await db().query<{ c: string; r: string; data: Record<string, unknown> | null }>(
    `select c.status as c, r.status as r, c.response_data as data
       from registration_confirmations c join registrations r on r.id = c.registration_id where c.id = $1`,
    [confirmationId],
  );
  return row!;
}

async function events(paymentId: string) {
  return db().query<{ status: string; processed_at: Date | null; confirmation_id: string | null }>(
    `select status, processed_at, confirmation_id from payment_events where provider = 'mercadopago' and provider_id = $1`,
    [paymentId],
  );
}

describe('webhook signature', () => {
  it('a valid signature: the payment is re-read, recorded once and applied (paid)', async () => {
    const pix = await pendingPix();
    suite.t.payments.settle(pix.paymentId, 'approved');
    const res = await notify(pix.paymentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, replay: false, outcome: 'changed' });
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });
    const recorded = await events(pix.paymentId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'approved', confirmation_id: pix.confirmationId });
    expect(recorded[0]!.processed_at).not.toBeNull();
  });

  it('wrong, missing, stale, malformed or foreign signatures get 401 and change nothing', async () => {
    const pix = await pendingPix();
    suite.t.payments.settle(pix.paymentId, 'approved');
    const requestId = crypto.randomUUID();
    const good = await signNotification({
      secret: TEST_WEBHOOK_SECRET,
      dataId: pix.paymentId,
      requestId,
      now: TEST_NOW,
    });
    const cases: [string, Parameters<typeof notify>[1]][] = [
      ['missing', { signature: null }],
      ['wrong secret', { secret: 'outro-segredo' }],
      [
        'tampered v1',
        { signature: good.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0')), requestId },
      ],
      ['other request id', { signature: good, requestId: crypto.randomUUID() }],
      ['stale ts (1 h old)', { now: new Date(TEST_NOW.getTime() - 3600_000) }],
      ['malformed', { signature: 'ts=abc,v1=zz' }],
      ['empty', { signature: '' }],
      ['garbage', { signature: 'v1=,,,=ts' }],
    ];
    for (const [name, opts] of cases) {
      const res = await notify(pix.paymentId, opts);
      expect(res.status, name).toBe(401);
      expect(res.body.code, name).toBe('UNAUTHORIZED');
    }
    // the signature covers data.id: a valid one for another payment does not open this one
    const other = await notify('424242', { signature: good, requestId });
    expect(other.status).toBe(401);
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'pending', r: 'pending' });
    expect(await events(pix.paymentId)).toHaveLength(0);
  });

  it('a payment Mercado Pago does not know, or another topic, is acknowledged and ignored', async () => {
    const unknown = await notify('987654321');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true, ignored: 'unknown_payment' });
    const topic = await notify('987654321', { type: 'merchant_order' });
    expect(topic.body).toEqual({ received: true, ignored: 'topic' });
  });

  it('Mercado Pago unreachable while re-reading: 503 (it retries), nothing recorded', async () => {
    const pix = await pendingPix();
    suite.t.payments.down = true;
    try {
      const res = await notify(pix.paymentId);
      expect(res.status).toBe(503);
    } finally {
      suite.t.payments.down = false;
    }
    expect(await events(pix.paymentId)).toHaveLength(0);
    expect((await state(pix.confirmationId)).c).toBe('pending');
  });
});

describe('monotonic, idempotent transitions', () => {
  it('a replayed notification changes nothing: the expired PIX gives its place back once', async () => {
    const pix = await pendingPix();
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.settle(pix.paymentId, 'cancelled', 'expired');
    const first = await notify(pix.paymentId);
    expect(first.body).toMatchObject({ outcome: 'changed' });
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'expired', r: 'expired' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    const requestId = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      const again = await notify(pix.paymentId, { requestId });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ replay: true });
    }
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect(await events(pix.paymentId)).toHaveLength(1);
  });

  it('an older status arriving after a newer one is ignored (paid stays paid)', async () => {
    const pix = await pendingPix();
    suite.t.payments.settle(pix.paymentId, 'approved');
    await notify(pix.paymentId);
    // Mercado Pago now answers an older/other state (a delayed notification, a stale read)
    suite.t.payments.settle(pix.paymentId, 'pending', 'pending_waiting_transfer');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'unchanged' });
    suite.t.payments.settle(pix.paymentId, 'cancelled', 'expired');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'unchanged' });
    suite.t.payments.settle(pix.paymentId, 'rejected', 'cc_rejected_other_reason');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'unchanged' });
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });
  });

  it('a PIX expired by us but paid at the last second becomes paid, taking its place again', async () => {
    const pix = await pendingPix();
    await transitionConfirmation(db(), { confirmationId: pix.confirmationId, to: 'expired' });
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.settle(pix.paymentId, 'approved');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'changed' });
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! - 1);
  });

  it('a confirmation staff canceled is not revived by the provider', async () => {
    const pix = await pendingPix();
    await transitionConfirmation(db(), {
      confirmationId: pix.confirmationId,
      to: 'canceled',
      reason: 'duplicada',
    });
    suite.t.payments.settle(pix.paymentId, 'approved');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'unchanged' });
    expect((await state(pix.confirmationId)).c).toBe('canceled');
  });

  it('a payment of another amount pays nothing (amount tampering)', async () => {
    const pix = await pendingPix();
    const payment = suite.t.payments.byId.get(pix.paymentId)!;
    payment.amountCents = 1;
    suite.t.payments.settle(pix.paymentId, 'approved');
    expect((await notify(pix.paymentId)).body).toMatchObject({ outcome: 'ignored' });
    expect((await state(pix.confirmationId)).c).toBe('pending');
  });

  it('concurrent webhooks and staff approve/reject/cancel on one confirmation end in one consistent state', async () => {
    for (let round = 0; round < 4; round++) {
      const pix = await pendingPix();
      const before = await tierAvailable(db(), suite.fx.tierId);
      suite.t.payments.settle(
        pix.paymentId,
        round % 2 ? 'approved' : 'cancelled',
        round % 2 ? 'accredited' : 'expired',
      );
      const staff = [
        transitionConfirmation(db(), { confirmationId: pix.confirmationId, to: 'paid', reviewedBy: null }),
        transitionConfirmation(db(), {
          confirmationId: pix.confirmationId,
          to: 'rejected',
          reason: 'comprovante ilegível',
        }),
        transitionConfirmation(db(), {
          confirmationId: pix.confirmationId,
          to: 'canceled',
          reason: 'pedido do membro',
        }),
      ];
      const hooks = Array.from({ length: 5 }, () => notify(pix.paymentId));
      const settled = await Promise.allSettled([...staff, ...hooks]);
      for (const s of settled.slice(3)) {
        expect(s.status).toBe('fulfilled');
        expect((s as PromiseFulfilledResult<{ status: number }>).value.status).toBe(200);
      }
      const end = await state(pix.confirmationId);
      expect(end.c).toBe(end.r);
      const active = ['pending', 'analysis', 'paid'].includes(end.c);
      // the place: still held when active, returned exactly once otherwise
      expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + (active ? 0 : 1));
      expect((await events(pix.paymentId)).length).toBe(1);
    }
  });
});
