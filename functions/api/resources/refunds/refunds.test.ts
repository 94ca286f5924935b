import { describe, expect, it } from 'vitest';
import { pixTxid } from '../../../../src/domain/pix.ts';
import { signNotification } from '../../adapters/mercadopago-signature.ts';
import { makeRegistration, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { mercadoPagoSuite } from '../../testing/mercadopago-suite.ts';
import { TEST_NOW, TEST_WEBHOOK_SECRET } from '../../testing/test-app.ts';

// Refunds (member withdrawal, staff refund, manual record) and the refunded / charged_back
// notifications, in both projects: PGlite (integration) and a real PostgreSQL (postgres).
const suite = mercadoPagoSuite({ total: 50 });
const db = () => suite.db;

/** A paid attempt of `strategy` (1000 centavos); Mercado Pago methods with their approved payment. */
async function paid(strategy: 'mp_pix' | 'mp_card' | 'file' | 'cash' = 'mp_pix', userId?: string) {
  const user = userId ?? (await suite.newUser());
  const { registrationId, confirmationId } = await makeRegistration(db(), suite.fx, user, {
    strategy,
    status: 'paid',
  });
  let paymentId: string | null = null;
  if (strategy === 'mp_pix' || strategy === 'mp_card') {
    const payment = await suite.t.payments.createPayment({
      idempotencyKey: confirmationId,
      method: 'mp_pix',
      amountCents: 1000,
      description: 'teste',
      payer: { email: 'a@b.com' },
      externalReference: confirmationId,
    });
    suite.t.payments.settle(payment.id, 'approved');
    paymentId = payment.id;
  }
  // paid a day before the test clock
  await db().query('update registration_confirmations set transaction_id = $1, paid_at = $2 where id = $3', [
    paymentId,
    new Date(TEST_NOW.getTime() - 86_400_000).toISOString(),
    confirmationId,
  ]);
  const token = suite.t.tokenFor({ id: user });
  return { user, token, registrationId, confirmationId, paymentId };
}

async function staffToken() {
  const user = await suite.newUser();
  await db().query(`insert into user_roles (user_id, role) values ($1, 'secretaria')`, [user]);
  return { user, token: suite.t.tokenFor({ id: user }) };
}

async function state(confirmationId: string) {
  const [row] = await db().query<{ c: string; r: string; data: Record<string, unknown> | null }>(
    `select c.status as c, r.status as r, c.response_data as data
       from registration_confirmations c join registrations r on r.id = c.registration_id where c.id = $1`,
    [confirmationId],
  );
  return row!;
}

async function refundRows(confirmationId: string) {
  return db().query<{ amount: number; kind: string; method: string; origin: string; reason: string | null }>(
    'select amount, kind, method, origin, reason from refunds where confirmation_id = $1',
    [confirmationId],
  );
}

async function mails(kind: string, registrationId: string) {
  return db().query<{ to_address: string }>(
    `select to_address from mail_outbox where kind = $1 and payload->>'registration_id' = $2`,
    [kind, registrationId],
  );
}

async function notify(paymentId: string) {
  const requestId = crypto.randomUUID();
  const signature = await signNotification({
    secret: TEST_WEBHOOK_SECRET,
    dataId: paymentId,
    requestId,
    now: TEST_NOW,
  });
  return suite.t.call(`/v1/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'x-request-id': requestId, 'x-signature': signature },
    json: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
  });
}

describe('the member withdraws (right of withdrawal)', () => {
  it('a paid PIX within 7 days: refunded at Mercado Pago once, place back, e-mail; a repeat changes nothing', async () => {
    const p = await paid('mp_pix');
    const before = await tierAvailable(db(), suite.fx.tierId);
    const res = await suite.t.call(`/v1/registrations/${p.registrationId}/refund`, {
      method: 'POST',
      token: p.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refunded', amount: 1000, method: 'mercadopago' });
    expect(await state(p.confirmationId)).toMatchObject({ c: 'refunded', r: 'refunded' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect(suite.t.payments.byId.get(p.paymentId!)!.status).toBe('refunded');
    expect(await refundRows(p.confirmationId)).toEqual([
      { amount: 1000, kind: 'refund', method: 'mercadopago', origin: 'member', reason: null },
    ]);
    expect(await mails('refund_done', p.registrationId)).toHaveLength(1);

    // a second click, then Mercado Pago's notification of that refund: nothing more
    const calls = suite.t.payments.calls;
    const again = await suite.t.call(`/v1/registrations/${p.registrationId}/refund`, {
      method: 'POST',
      token: p.token,
    });
    expect(again.status).toBe(200);
    expect(suite.t.payments.calls).toBe(calls);
    expect((await notify(p.paymentId!)).body).toMatchObject({ outcome: 'unchanged' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect(await refundRows(p.confirmationId)).toHaveLength(1);
    expect(await mails('refund_done', p.registrationId)).toHaveLength(1);
  });

  it('concurrent clicks refund once', async () => {
    const p = await paid('mp_pix');
    const before = await tierAvailable(db(), suite.fx.tierId);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        suite.t.call(`/v1/registrations/${p.registrationId}/refund`, { method: 'POST', token: p.token }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect(await refundRows(p.confirmationId)).toHaveLength(1);
  });

  it('after the period, after the event started, or when the event allows 0 days: WITHDRAWAL_CLOSED', async () => {
    const late = await paid('mp_pix');
    await db().query('update registration_confirmations set paid_at = $1 where id = $2', [
      new Date(TEST_NOW.getTime() - 8 * 86_400_000).toISOString(),
      late.confirmationId,
    ]);
    const res = await suite.t.call(`/v1/registrations/${late.registrationId}/refund`, {
      method: 'POST',
      token: late.token,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'WITHDRAWAL_CLOSED',
      message: 'O prazo para cancelar com reembolso já passou.',
    });
    expect(await state(late.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });

    // a kinder rule: 10 days
    await db().query('update events set withdrawal_days = 10 where id = $1', [suite.fx.eventId]);
    const kinder = await suite.t.call(`/v1/registrations/${late.registrationId}/refund`, {
      method: 'POST',
      token: late.token,
    });
    expect(kinder.status).toBe(200);
    // a stricter one: none
    await db().query('update events set withdrawal_days = 0 where id = $1', [suite.fx.eventId]);
    const none = await paid('mp_card');
    const refused = await suite.t.call(`/v1/registrations/${none.registrationId}/refund`, {
      method: 'POST',
      token: none.token,
    });
    expect(refused.body.code).toBe('WITHDRAWAL_CLOSED');
    await db().query('update events set withdrawal_days = 7 where id = $1', [suite.fx.eventId]);
    // paid yesterday, but the event started an hour ago
    const [{ starts_at }] = (await db().query<{ starts_at: Date }>(
      'select starts_at from events where id = $1',
      [suite.fx.eventId],
    )) as [{ starts_at: Date }];
    await db().query('update events set starts_at = $1 where id = $2', [
      new Date(TEST_NOW.getTime() - 3600_000).toISOString(),
      suite.fx.eventId,
    ]);
    try {
      const started = await suite.t.call(`/v1/registrations/${none.registrationId}/refund`, {
        method: 'POST',
        token: none.token,
      });
      expect(started.body.code).toBe('WITHDRAWAL_CLOSED');
    } finally {
      await db().query('update events set starts_at = $1 where id = $2', [starts_at, suite.fx.eventId]);
    }
    expect(await state(none.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });
  });

  it('receipt or cash, someone else’s registration, an unpaid one: refused, nothing changes', async () => {
    const cash = await paid('cash');
    const offline = await suite.t.call(`/v1/registrations/${cash.registrationId}/refund`, {
      method: 'POST',
      token: cash.token,
    });
    expect(offline.status).toBe(409);
    expect(offline.body.code).toBe('REFUND_OFFLINE_METHOD');
    const pix = await paid('mp_pix');
    const other = await suite.t.call(`/v1/registrations/${pix.registrationId}/refund`, {
      method: 'POST',
      token: suite.t.tokenFor({ id: await suite.newUser() }),
    });
    expect(other.status).toBe(404);
    const pending = await makeRegistration(db(), suite.fx, await suite.newUser(), { strategy: 'mp_pix' });
    const unpaid = await suite.t.call(`/v1/registrations/${pending.registrationId}/refund`, {
      method: 'POST',
      token: suite.t.tokenFor({
        id: (
          await db().query<{ user_id: string }>('select user_id from registrations where id = $1', [
            pending.registrationId,
          ])
        )[0]!.user_id,
      }),
    });
    expect(unpaid.body.code).toBe('NOT_REFUNDABLE');
    const bad = await suite.t.call('/v1/registrations/nao-e-id/refund', { method: 'POST', token: pix.token });
    expect(bad.status).toBe(404);
    expect(await state(pix.confirmationId)).toMatchObject({ c: 'paid' });
  });

  it('Mercado Pago down: 503 REFUND_FAIL, still paid, no record; the retry refunds', async () => {
    const p = await paid('mp_pix');
    suite.t.payments.down = true;
    try {
      const res = await suite.t.call(`/v1/registrations/${p.registrationId}/refund`, {
        method: 'POST',
        token: p.token,
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('REFUND_FAIL');
    } finally {
      suite.t.payments.down = false;
    }
    expect(await state(p.confirmationId)).toMatchObject({ c: 'paid' });
    expect(await refundRows(p.confirmationId)).toHaveLength(0);
    const retry = await suite.t.call(`/v1/registrations/${p.registrationId}/refund`, {
      method: 'POST',
      token: p.token,
    });
    expect(retry.status).toBe(200);
  });
});

describe('staff refund', () => {
  it('a card payment with a reason: refunded through Mercado Pago, audited', async () => {
    const staff = await staffToken();
    const p = await paid('mp_card');
    const res = await suite.t.call(`/v1/admin/confirmations/${p.confirmationId}/refund`, {
      token: staff.token,
      json: { reason: 'Desistência comunicada à secretaria' },
    });
    expect(res.status).toBe(200);
    expect(await state(p.confirmationId)).toMatchObject({ c: 'refunded', r: 'refunded' });
    expect(await refundRows(p.confirmationId)).toEqual([
      {
        amount: 1000,
        kind: 'refund',
        method: 'mercadopago',
        origin: 'staff',
        reason: 'Desistência comunicada à secretaria',
      },
    ]);
    const audit = await db().query<{ actor_id: string; subject_id: string }>(
      `select actor_id, subject_id from audit_log where action = 'registration.refund' and details->>'confirmation_id' = $1`,
      [p.confirmationId],
    );
    expect(audit).toEqual([{ actor_id: staff.user, subject_id: p.user }]);
  });

  it('a receipt payment is recorded as refunded outside the app (no Mercado Pago call)', async () => {
    const staff = await staffToken();
    const p = await paid('file');
    const calls = suite.t.payments.calls;
    const res = await suite.t.call(`/v1/admin/confirmations/${p.confirmationId}/refund`, {
      token: staff.token,
      json: { reason: 'Devolvido por PIX pela tesouraria' },
    });
    expect(res.body).toMatchObject({ status: 'refunded', method: 'manual' });
    expect(suite.t.payments.calls).toBe(calls);
    expect((await refundRows(p.confirmationId))[0]).toMatchObject({ method: 'manual', origin: 'staff' });
  });

  it("'Excluir' of a paid confirmation with money is refused: the place never returns without a record", async () => {
    const staff = await staffToken();
    const p = await paid('cash');
    const before = await tierAvailable(db(), suite.fx.tierId);
    const res = await suite.t.call(`/v1/admin/confirmations/${p.confirmationId}/cancel`, {
      token: staff.token,
      json: { reason: 'Desistiu do evento' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAID_NEEDS_REFUND');
    expect(await state(p.confirmationId)).toMatchObject({ c: 'paid', r: 'paid' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before);
  });

  it('without a reason, without the permission, or not paid: refused, nothing changes', async () => {
    const staff = await staffToken();
    const p = await paid('mp_card');
    const noReason = await suite.t.call(`/v1/admin/confirmations/${p.confirmationId}/refund`, {
      token: staff.token,
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const member = await suite.t.call(`/v1/admin/confirmations/${p.confirmationId}/refund`, {
      token: p.token,
      json: { reason: 'Quero meu dinheiro' },
    });
    expect(member.status).toBe(403);
    expect(await state(p.confirmationId)).toMatchObject({ c: 'paid' });
    const pending = await makeRegistration(db(), suite.fx, await suite.newUser(), { strategy: 'cash' });
    const unpaid = await suite.t.call(`/v1/admin/confirmations/${pending.confirmationId}/refund`, {
      token: staff.token,
      json: { reason: 'Motivo qualquer' },
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe('NOT_REFUNDABLE');
  });
});

describe('refunded and charged_back notifications', () => {
  it('a refund made in Mercado Pago’s panel is applied once even if notified twice', async () => {
    const p = await paid('mp_pix');
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.settle(p.paymentId!, 'refunded', 'refunded');
    expect((await notify(p.paymentId!)).body).toMatchObject({ outcome: 'changed' });
    expect((await notify(p.paymentId!)).body).toMatchObject({ replay: true });
    expect(await state(p.confirmationId)).toMatchObject({ c: 'refunded', r: 'refunded' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect(await refundRows(p.confirmationId)).toEqual([
      { amount: 1000, kind: 'refund', method: 'mercadopago', origin: 'provider', reason: null },
    ]);
    expect(await mails('refund_done', p.registrationId)).toHaveLength(1);
  });

  it('a chargeback: registration charged back, place back, staff told by e-mail', async () => {
    const staff = await staffToken();
    const p = await paid('mp_card');
    const before = await tierAvailable(db(), suite.fx.tierId);
    suite.t.payments.settle(p.paymentId!, 'charged_back', 'settled');
    expect((await notify(p.paymentId!)).body).toMatchObject({ outcome: 'changed' });
    expect(await state(p.confirmationId)).toMatchObject({ c: 'charged_back', r: 'charged_back' });
    expect(await tierAvailable(db(), suite.fx.tierId)).toBe(before! + 1);
    expect((await refundRows(p.confirmationId))[0]).toMatchObject({ kind: 'chargeback', origin: 'provider' });
    const told = await mails('chargeback_staff', p.registrationId);
    expect(told.map((m) => m.to_address)).toContain(`${staff.user}@teste.local`);
  });
});

describe('reports: refunded and net totals', () => {
  it('the event and each congregation show received, refunded and net', async () => {
    // one more of each, so the figures do not depend on the order of the tests above
    const staff = await staffToken();
    const refunded = await paid('mp_pix');
    await suite.t.call(`/v1/registrations/${refunded.registrationId}/refund`, {
      method: 'POST',
      token: refunded.token,
    });
    await paid('mp_card');
    const [expected] = await db().query<{ received: number; refunded: number }>(
      `select (select coalesce(sum(frozen_value), 0)::int from registrations
                where event_id = $1 and status in ('paid', 'refunded', 'charged_back')) as received,
              (select coalesce(sum(f.amount), 0)::int from refunds f
                 join registrations r on r.id = f.registration_id where r.event_id = $1) as refunded`,
      [suite.fx.eventId],
    );
    expect(expected!.refunded).toBeGreaterThan(0);
    await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [staff.user]);
    const res = await suite.t.call(`/v1/admin/reports?event=${suite.fx.eventId}`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.money).toEqual({
      received: expected!.received,
      refunded: expected!.refunded,
      net: expected!.received - expected!.refunded,
    });
    // every test person is from another ministry: one row holds it all
    const sum = (k: 'received' | 'refunded' | 'net') =>
      res.body.temples.reduce((s: number, t: Record<string, number>) => s + t[k]!, 0);
    expect(sum('received')).toBe(expected!.received);
    expect(sum('refunded')).toBe(expected!.refunded);
    expect(sum('net')).toBe(expected!.received - expected!.refunded);
  });

  it("the treasurer's received payments: code, person, method, amount, txid, money back", async () => {
    const staff = await staffToken();
    await db().query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [staff.user]);
    const receipt = await paid('file');
    const refunded = await paid('mp_pix');
    await suite.t.call(`/v1/registrations/${refunded.registrationId}/refund`, {
      method: 'POST',
      token: refunded.token,
    });
    const res = await suite.t.call(`/v1/admin/reports/payments?event=${suite.fx.eventId}`, {
      token: staff.token,
    });
    expect(res.status).toBe(200);
    const [seq] = await db().query<{ seq: string }>('select seq from registrations where id = $1', [
      receipt.registrationId,
    ]);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          registration_code: seq!.seq,
          strategy: 'file',
          amount: 1000,
          transaction_id: pixTxid({ id: receipt.registrationId, seq: seq!.seq }),
          status: 'paid',
          refunded: 0,
        }),
        expect.objectContaining({
          strategy: 'mp_pix',
          transaction_id: refunded.paymentId,
          status: 'refunded',
          refunded: 1000,
        }),
      ]),
    );
    const member = await suite.t.call(`/v1/admin/reports/payments?event=${suite.fx.eventId}`, {
      token: refunded.token,
    });
    expect(member.status).toBe(403);
  });
});
