import { describe, expect, it } from 'vitest';
import { DEFAULT_PIX_KEY } from '../../../../src/domain/tiers.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { type EventFixture, makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';
import { TEST_NOW } from '../../testing/test-app.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';

// The real app over a migrated database: PGlite in the unit project, PostgreSQL in the postgres one.
const { database, t } = apiSuite();

const db = () => database.db;
const DAY = 86_400_000;

async function member(): Promise<{ id: string; token: string }> {
  const [id] = await makeUsers(db(), 1);
  return { id: id!, token: t.tokenFor({ id: id! }) };
}

function buy(token: string | undefined, fx: EventFixture, body: Record<string, unknown> = {}) {
  return t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
    token,
    json: { tierId: fx.tierId, ...body },
  });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function upload(
  token: string,
  confirmationId: string,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'recibo.png',
) {
  const form = new FormData();
  form.append('receipt', new File([bytes], name, { type: 'image/png' }));
  const res = await t.app.request(`/api/v1/confirmation/${confirmationId}/receipt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('POST /v1/checkout/{eventId}/{tierId}', () => {
  it('needs a token (401) and touches nothing', async () => {
    const fx = await makeEvent(db(), { total: 5 });
    const { status, body } = await buy(undefined, fx, { paymentMethod: 'cash' });
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHORIZED');
    expect(await tierAvailable(db(), fx.tierId)).toBe(5);
  });

  it('a free tier is paid at once with the open method, whatever method was asked', async () => {
    const fx = await makeEvent(db(), { price: 0, total: 3, methods: [] });
    const m = await member();
    const { status, body } = await buy(m.token, fx, { paymentMethod: 'cash' });
    expect(status).toBe(201);
    expect(body).toEqual([
      expect.objectContaining({ strategy: 'open', status: 'paid', frozen_value: 0, transaction_id: null }),
    ]);
    expect(body[0].registration_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await tierAvailable(db(), fx.tierId)).toBe(2);
    const [reg] = await db().query<{ status: string }>('select status from registrations where id = $1', [
      body[0].registration_id,
    ]);
    expect(reg!.status).toBe('paid');
  });

  it('freezes the tier price and ignores any amount the client sends', async () => {
    const fx = await makeEvent(db(), { price: 4500 });
    const m = await member();
    const { status, body } = await buy(m.token, fx, {
      paymentMethod: 'cash',
      amount: 1,
      frozen_value: 1,
      price: 1,
      transactionData: { transaction_amount: 1 },
    });
    expect(status).toBe(201);
    expect(body[0]).toMatchObject({ strategy: 'cash', status: 'pending', frozen_value: 4500 });
    const [reg] = await db().query<{ frozen_value: number }>(
      'select frozen_value from registrations where id = $1',
      [body[0].registration_id],
    );
    expect(Number(reg!.frozen_value)).toBe(4500);
  });

  it('link: pending with the tier link, valid 72 hours', async () => {
    const fx = await makeEvent(db(), { paymentLink: 'https://mpago.la/teste' });
    const m = await member();
    const { body } = await buy(m.token, fx, { paymentMethod: 'link' });
    expect(body[0]).toMatchObject({
      status: 'pending',
      request_data: { payment_link: 'https://mpago.la/teste' },
    });
    expect(new Date(body[0].expires_at).getTime()).toBe(TEST_NOW.getTime() + 72 * 3600_000);
  });

  it('link: not offered on a tier without a payment link (INVALID_PAYMENT_METHOD, nothing created)', async () => {
    const fx = await makeEvent(db(), { paymentLink: null, total: 3 });
    const m = await member();
    const { status, body } = await buy(m.token, fx, { paymentMethod: 'link' });
    expect(status).toBe(422);
    expect(body.code).toBe('INVALID_PAYMENT_METHOD');
    expect(await tierAvailable(db(), fx.tierId)).toBe(3);
    expect(await db().query('select 1 from registrations where user_id = $1', [m.id])).toEqual([]);
  });

  it('INVALID_DATA: a body without the tier', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const { status, body } = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token: m.token,
      json: { paymentMethod: 'cash' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'INVALID_DATA', message: 'Dados inválidos' });
    const raw = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, { token: m.token, raw: '{not json' });
    expect(raw.status).toBe(400);
  });

  it('INVALID_PAYMENT_METHOD: not allowed by the event, restricted by the tier, or unknown', async () => {
    const fx = await makeEvent(db(), { methods: ['cash', 'mp_card'], restricted: ['cash'] });
    const m = await member();
    for (const paymentMethod of ['cash', 'file', 'bitcoin', undefined]) {
      const { status, body } = await buy(m.token, fx, { paymentMethod });
      expect(status).toBe(422);
      expect(body).toEqual({ code: 'INVALID_PAYMENT_METHOD', message: 'Método de pagamento inválido' });
    }
    expect(await db().query('select 1 from registrations where tier_id = $1', [fx.tierId])).toEqual([]);
  });

  it('TIER_UNAVAILABLE: a sold-out tier', async () => {
    const fx = await makeEvent(db(), { total: 1 });
    const first = await buy((await member()).token, fx, { paymentMethod: 'cash' });
    expect(first.status).toBe(201);
    const { status, body } = await buy((await member()).token, fx, { paymentMethod: 'cash' });
    expect(status).toBe(409);
    expect(body).toEqual({ code: 'TIER_UNAVAILABLE', message: 'Opss... as inscrições desse lote esgotaram' });
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
  });

  it('INVALID_TIER_OR_EVENT: tier of another event, body tier differs, deleted event, closed window, bad id', async () => {
    const a = await makeEvent(db());
    const b = await makeEvent(db());
    const waiting = await makeEvent(db(), { tierStartsAt: new Date(TEST_NOW.getTime() + DAY) });
    const finished = await makeEvent(db(), { tierEndsAt: new Date(TEST_NOW.getTime() - DAY) });
    const deleted = await makeEvent(db());
    await db().query('update events set deleted_at = now() where id = $1', [deleted.eventId]);
    const m = await member();
    const expectInvalid = async (res: { status: number; body: { code: string; message: string } }) => {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 'INVALID_TIER_OR_EVENT', message: 'Lote ou evento inválido' });
    };
    await expectInvalid(
      await buy(m.token, { eventId: a.eventId, tierId: b.tierId }, { paymentMethod: 'cash' }),
    );
    await expectInvalid(
      await t.call(`/v1/checkout/${a.eventId}/${a.tierId}`, {
        token: m.token,
        json: { tierId: b.tierId, paymentMethod: 'cash' },
      }),
    );
    await expectInvalid(await buy(m.token, deleted, { paymentMethod: 'cash' }));
    await expectInvalid(await buy(m.token, waiting, { paymentMethod: 'cash' }));
    await expectInvalid(await buy(m.token, finished, { paymentMethod: 'cash' }));
    await expectInvalid(
      await t.call(`/v1/checkout/not-a-uuid/${a.tierId}`, { token: m.token, json: { tierId: a.tierId } }),
    );
  });

  it('Fastpass: issuable until one hour before the event', async () => {
    const soon = await makeEvent(db(), {
      price: 0,
      tierName: 'Fastpass',
      total: 10,
      startsAt: new Date(TEST_NOW.getTime() + 30 * 60_000),
    });
    const later = await makeEvent(db(), {
      price: 0,
      tierName: 'Fastpass',
      total: 10,
      startsAt: new Date(TEST_NOW.getTime() + 2 * 3600_000),
    });
    const m = await member();
    const closed = await buy(m.token, soon);
    expect(closed.status).toBe(422);
    expect(closed.body).toEqual({
      code: 'INVALID_TIER_OR_EVENT',
      message: 'O Fastpass pode ser emitido até 1 hora antes do início do evento.',
    });
    expect((await buy(m.token, later)).status).toBe(201);
  });

  it('ALREADY_REGISTERED: a second active registration for the event, the place kept', async () => {
    const fx = await makeEvent(db(), { total: 5 });
    const m = await member();
    expect((await buy(m.token, fx, { paymentMethod: 'cash' })).status).toBe(201);
    const { status, body } = await buy(m.token, fx, { paymentMethod: 'file' });
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 'ALREADY_REGISTERED',
      message: 'Você já tem uma inscrição para esse evento!',
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(4);
  });
});

describe('receipts, vouchers, cancel, my registration', () => {
  it('a PNG receipt moves a file confirmation to analysis, stored privately and linked on the detail', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const { body } = await buy(m.token, fx, { paymentMethod: 'file' });
    expect(body[0].request_data).toEqual({ pix_key: DEFAULT_PIX_KEY });
    const res = await upload(m.token, body[0].confirmation_id, PNG);
    expect(res).toEqual({ status: 200, body: { status: 'analysis' } });
    const stored = [...t.storage.objects.keys()].find((k) => k.includes(body[0].confirmation_id))!;
    expect(stored).toMatch(new RegExp(`^receipts/${m.id}/${body[0].confirmation_id}/.+\\.png$`));
    const detail = await t.call(`/v1/registrations/${body[0].registration_id}`, { token: m.token });
    expect(detail.status).toBe(200);
    expect(detail.body.status).toBe('analysis');
    expect(detail.body.confirmations[0]).toMatchObject({
      status: 'analysis',
      receipt_url: expect.stringMatching(/^signed:receipts\//),
    });
    expect(detail.body).toMatchObject({ event: { id: fx.eventId }, tier: { id: fx.tierId, price: 1000 } });
  });

  it('refuses a receipt that is not an image or PDF (by its bytes), too large, missing, or not the member’s', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const { body } = await buy(m.token, fx, { paymentMethod: 'file' });
    const id = body[0].confirmation_id;
    const html = await upload(m.token, id, new TextEncoder().encode('<html><script>x</script>'), 'foto.png');
    expect(html).toEqual({
      status: 415,
      body: { code: 'RECEIPT_INVALID', message: 'Envie uma imagem (JPG, PNG, WEBP, HEIC) ou um PDF.' },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const large = await upload(m.token, id, big);
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      code: 'RECEIPT_TOO_LARGE',
      message: 'O comprovante deve ter no máximo 5 MB.',
    });
    const empty = await t.app.request(`/api/v1/confirmation/${id}/receipt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Escolha o arquivo do comprovante');
    const other = await upload((await member()).token, id, PNG);
    expect(other.status).toBe(404);
    const [row] = await db().query<{ status: string }>(
      'select status from registration_confirmations where id = $1',
      [id],
    );
    expect(row!.status).toBe('pending');
    expect([...t.storage.objects.keys()].some((k) => k.includes(id))).toBe(false);
  });

  it('a voucher comes with the checkout: paid at once, single use, in its scope only; an invalid one is a rejected confirmation', async () => {
    const fx = await makeEvent(db(), { total: 5 });
    const elsewhere = await makeEvent(db());
    await db().query(
      `insert into vouchers (code, event_id) values ('teste001', $1), ('outro002', $2), ('livre003', null)`,
      [fx.eventId, elsewhere.eventId],
    );
    const a = await member();
    const b = await member();
    const withVoucher = (token: string, voucher?: string) =>
      buy(token, fx, { paymentMethod: 'voucher', ...(voucher ? { transactionData: { voucher } } : {}) });

    // no code, no registration
    const none = await withVoucher(a.token);
    expect(none.status).toBe(400);
    expect(await db().query('select 1 from registrations where user_id = $1', [a.id])).toEqual([]);
    const short = await withVoucher(a.token, 'TEST-E00');
    expect(short.body).toEqual({ code: 'INVALID_DATA', message: 'O campo deve ter exatamente 8 caracteres' });

    // another event's voucher: 'Voucher inválido...', the attempt kept as rejected with that reason, no place taken
    const wrongScope = await withVoucher(a.token, 'OUTR-O002');
    expect(wrongScope).toMatchObject({
      status: 422,
      body: { code: 'VOUCHER_INVALID', message: 'Voucher inválido...' },
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(5);
    const rejected = (await t.call('/v1/registrations', { token: a.token })).body;
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ status: 'rejected' });
    expect(rejected[0].confirmations[0]).toMatchObject({
      strategy: 'voucher',
      status: 'rejected',
      request_data: { voucher: 'outro002' },
      response_data: { reason: 'Voucher inválido...' },
      voucher_code: null,
    });

    // concurrent: the same voucher for two members, one wins
    const [ra, rb] = await Promise.all([withVoucher(a.token, 'TEST-E001'), withVoucher(b.token, 'teste001')]);
    expect([ra.status, rb.status].sort()).toEqual([201, 422]);
    const winner = ra.status === 201 ? ra : rb;
    expect(winner.body[0]).toMatchObject({ strategy: 'voucher', status: 'paid' });
    expect(await tierAvailable(db(), fx.tierId)).toBe(4);
    const loser = ra.status === 201 ? b : a;
    const again = await withVoucher(loser.token, 'livre003');
    expect(again.status).toBe(201);
    const list = (await t.call('/v1/registrations', { token: loser.token })).body;
    expect(list).toHaveLength(1);
    expect(list[0].status).toBe('paid');
    expect(list[0].confirmations[0]).toMatchObject({ status: 'paid', voucher_code: 'livre003' });
    expect(list[0].confirmations.at(-1).status).toBe('rejected');
    expect((await withVoucher(loser.token, 'livre003')).body.code).toBe('ALREADY_REGISTERED');
  });

  it('a voucher on a confirmation left pending before the checkout took the code: applied once, in scope', async () => {
    const fx = await makeEvent(db());
    await db().query(`insert into vouchers (code, event_id) values ('velho001', $1)`, [fx.eventId]);
    const m = await member();
    const pending = (await buy(m.token, fx, { paymentMethod: 'cash' })).body[0];
    await db().query(`update registration_confirmations set strategy = 'voucher' where id = $1`, [
      pending.confirmation_id,
    ]);
    const apply = (voucher: string, tierId = fx.tierId) =>
      t.call(`/v1/confirmation/${pending.confirmation_id}/voucher`, {
        token: m.token,
        json: { voucher, eventId: fx.eventId, tierId },
      });
    expect((await apply('outro002')).body.code).toBe('VOUCHER_INVALID');
    expect((await apply('VELH-O001')).body).toEqual({ status: 'paid', voucher_code: 'velho001' });
    expect((await apply('velho001')).body.code).toBe('INVALID_TRANSITION');
  });

  it('the member cancels a pending cash registration: place back, a new confirmation on the same registration', async () => {
    const fx = await makeEvent(db(), { total: 2 });
    const m = await member();
    const first = (await buy(m.token, fx, { paymentMethod: 'cash' })).body[0];
    expect(await tierAvailable(db(), fx.tierId)).toBe(1);
    const cancel = () =>
      t.call(`/v1/registrations/${fx.eventId}/cancel-registration`, { token: m.token, method: 'POST' });
    const res = await cancel();
    expect(res).toMatchObject({
      status: 200,
      body: { registration_id: first.registration_id, status: 'canceled' },
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(2);
    const nothing = await cancel();
    expect(nothing).toMatchObject({ status: 404, body: { code: 'REGISTRATION_NOT_FOUND' } });
    const again = await buy(m.token, fx, { paymentMethod: 'file' });
    expect(again.status).toBe(201);
    expect(again.body[0].registration_id).toBe(first.registration_id);
    expect(await tierAvailable(db(), fx.tierId)).toBe(1);
    const detail = await t.call(`/v1/registrations/${first.registration_id}`, { token: m.token });
    expect(detail.body.status).toBe('pending');
    expect(detail.body.confirmations.map((c: { strategy: string; status: string }) => c.status)).toEqual([
      'pending',
      'canceled',
    ]);
    expect((await t.call('/v1/registrations', { token: m.token })).body).toHaveLength(1);
  });

  it("'Tentar novamente' after a rejected receipt: a new confirmation on the same registration (another receipt, or another method), its e-mail links the tier's checkout", async () => {
    const fx = await makeEvent(db(), { total: 1 });
    const m = await member();
    const first = (await buy(m.token, fx, { paymentMethod: 'file' })).body[0];
    expect((await upload(m.token, first.confirmation_id, PNG)).status).toBe(200);
    await transitionConfirmation(db(), {
      confirmationId: first.confirmation_id,
      to: 'rejected',
      reason: 'Comprovante ilegível, envie outro',
    });
    expect(await tierAvailable(db(), fx.tierId)).toBe(1);
    const [mail] = await db().query<{ payload: { tier_id: string; event: { id: string } } }>(
      `select payload from mail_outbox where kind = 'payment_rejected' and payload->>'registration_id' = $1`,
      [first.registration_id],
    );
    expect(mail!.payload.tier_id).toBe(fx.tierId);
    expect(mail!.payload.event.id).toBe(fx.eventId);
    // the retry: the checkout of the same tier, with another receipt
    const again = await buy(m.token, fx, { paymentMethod: 'file' });
    expect(again.status).toBe(201);
    expect(again.body[0].registration_id).toBe(first.registration_id);
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    expect((await upload(m.token, again.body[0].confirmation_id, PNG)).status).toBe(200);
    const detail = await t.call(`/v1/registrations/${first.registration_id}`, { token: m.token });
    expect(detail.body.status).toBe('analysis');
    expect(detail.body.confirmations.map((c: { status: string }) => c.status)).toEqual([
      'analysis',
      'rejected',
    ]);
    // rejected again, then another method on the same registration
    await transitionConfirmation(db(), {
      confirmationId: again.body[0].confirmation_id,
      to: 'rejected',
      reason: 'Valor diferente',
    });
    const cash = await buy(m.token, fx, { paymentMethod: 'cash' });
    expect(cash.body[0].registration_id).toBe(first.registration_id);
    expect((await t.call('/v1/registrations', { token: m.token })).body).toHaveLength(1);
  });

  it('a paid registration is not cancelable by the member; another member’s registration is not found', async () => {
    const fx = await makeEvent(db(), { price: 0 });
    const m = await member();
    const paid = (await buy(m.token, fx)).body[0];
    const res = await t.call(`/v1/registrations/${fx.eventId}/cancel-registration`, {
      token: m.token,
      method: 'POST',
    });
    expect(res).toMatchObject({ status: 409, body: { code: 'NOT_CANCELABLE' } });
    const other = await member();
    expect((await t.call(`/v1/registrations/${paid.registration_id}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await t.call('/v1/registrations/not-a-uuid', { token: other.token })).status).toBe(404);
  });
});

describe('abuse: receipts, vouchers and profiles', () => {
  it('a re-sent receipt replaces the last one: the replaced object is deleted, one receipt per confirmation', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const id = (await buy(m.token, fx, { paymentMethod: 'file' })).body[0].confirmation_id;
    const mine = () => [...t.storage.objects.keys()].filter((k) => k.includes(id));
    const paths: string[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await upload(m.token, id, PNG)).status).toBe(200);
      const [row] = await db().query<{ receipt: string }>(
        `select request_data->>'receipt' as receipt from registration_confirmations where id = $1`,
        [id],
      );
      paths.push(row!.receipt);
      expect(mine()).toEqual([`receipts/${row!.receipt}`]);
    }
    expect(new Set(paths).size).toBe(4);
  });

  it('concurrent re-sends still leave exactly one receipt', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const id = (await buy(m.token, fx, { paymentMethod: 'file' })).body[0].confirmation_id;
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(m.token, id, PNG)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const [row] = await db().query<{ receipt: string }>(
      `select request_data->>'receipt' as receipt from registration_confirmations where id = $1`,
      [id],
    );
    expect([...t.storage.objects.keys()].filter((k) => k.includes(id))).toEqual([`receipts/${row!.receipt}`]);
  });

  it('more than 10 receipts a minute from one member get 429 with a pt-BR message, before the body is stored', async () => {
    const fx = await makeEvent(db());
    const m = await member();
    const id = (await buy(m.token, fx, { paymentMethod: 'file' })).body[0].confirmation_id;
    for (let i = 0; i < 10; i++) expect((await upload(m.token, id, PNG)).status).toBe(200);
    const over = await upload(m.token, id, PNG);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RECEIPT_RATE_LIMITED');
    expect(over.body.message).toMatch(
      /^Você enviou muitos comprovantes em pouco tempo \(até 10 por minuto\)\. Tente novamente em \d+ (segundos?|minutos?)\.$/,
    );
    expect([...t.storage.objects.keys()].filter((k) => k.includes(id))).toHaveLength(1);
    // another member is not held
    const other = await member();
    const otherId = (await buy(other.token, fx, { paymentMethod: 'file' })).body[0].confirmation_id;
    expect((await upload(other.token, otherId, PNG)).status).toBe(200);
  });

  it('voucher guessing: 10 a minute per member, 30 per client address, then 429 in pt-BR', async () => {
    const fx = await makeEvent(db());
    // the code travels with the checkout; each wrong one is a rejected attempt (422 VOUCHER_INVALID)
    const guess = (token: string, address: string) =>
      t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        token,
        json: { tierId: fx.tierId, paymentMethod: 'voucher', transactionData: { voucher: 'ERRA-DO00' } },
        headers: { 'x-forwarded-for': address },
      });
    const m = await member();
    for (let i = 0; i < 10; i++) expect((await guess(m.token, '198.51.100.1')).status).toBe(422);
    const held = await guess(m.token, '198.51.100.2');
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('VOUCHER_RATE_LIMITED');
    expect(held.body.message).toMatch(
      /^Muitas tentativas de voucher em pouco tempo\. Tente novamente em \d+ (segundos?|minutos?)\.$/,
    );
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
    // many accounts from one address: the address is held after 30 guesses
    let status = 0;
    let n = 0;
    while (status !== 429 && n < 40) {
      const other = await member();
      for (let i = 0; i < 5 && status !== 429; i++) {
        status = (await guess(other.token, '198.51.100.9')).status;
        n += 1;
      }
    }
    expect(n).toBe(31);
  });

  it('a member without a completed profile cannot register: 409 PROFILE_INCOMPLETE, nothing taken', async () => {
    const fx = await makeEvent(db(), { total: 3 });
    const [id] = await makeUsers(db(), 1);
    const token = t.tokenFor({ id: id! });
    for (const missing of ['cpf', 'phone', 'congregation']) {
      await db().query(
        `update profiles set cpf = lpad((floor(random() * 1e11))::bigint::text, 11, '0'), phone = '11987654321',
                other_church = 'Igreja de teste' where id = $1`,
        [id],
      );
      const column = missing === 'congregation' ? 'other_church' : missing;
      await db().query(`update profiles set ${column} = null where id = $1`, [id]);
      const res = await buy(token, fx, { paymentMethod: 'cash' });
      expect({ missing, status: res.status, body: res.body }).toEqual({
        missing,
        status: 409,
        body: {
          code: 'PROFILE_INCOMPLETE',
          message:
            'Complete seu cadastro (CPF, WhatsApp e congregação) antes de se inscrever. Vamos te levar para lá.',
        },
      });
    }
    await db().query('delete from profiles where id = $1', [id]);
    expect((await buy(token, fx, { paymentMethod: 'cash' })).body.code).toBe('PROFILE_INCOMPLETE');
    expect(await tierAvailable(db(), fx.tierId)).toBe(3);
    expect(await db().query('select 1 from registrations where user_id = $1', [id])).toEqual([]);
  });
});
