import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import { signNotification } from '../../functions/api/adapters/mercadopago-signature.ts';
import { luhnValid } from '../../src/domain/mercadopago.ts';
import { brCode } from '../../src/domain/pix.ts';
import type { Database } from '../db.ts';
import { html, htmlResponse, page } from '../html.ts';

/**
 * A fake of Mercado Pago's Payments API for dev mode (docs/architecture.md, 'Payments'), mounted at /_dev/mercadopago
 * behind the dev-only guard. The API's production adapter talks HTTP to it exactly as to
 * api.mercadopago.com, with the sandbox's semantics:
 * - `POST /v1/card_tokens?public_key=` (what the Brick does in the browser): card → single-use token;
 * - `POST /v1/payments` (bearer access token, `X-Idempotency-Key` required: same key → same payment):
 *   the cardholder name decides a card payment (APRO approved, OTHE rejected, CONT in process, CALL,
 *   FUND, SECU, EXPI, FORM specific declines); PIX is pending with a copy-and-paste code and a QR PNG;
 * - `GET /v1/payments/{id}`; an unpaid PIX past its date_of_expiration reads as cancelled/expired;
 * - `POST /v1/payments/{id}/refunds` (`X-Idempotency-Key` required: same key → same refund): a full
 *   refund of an approved payment, which then reads as refunded; the signed notification follows;
 * - `PUT /v1/payments/{id}` with `{ status: 'cancelled' }`: cancels a payment not yet paid (400
 *   otherwise), which then reads as cancelled; the signed notification follows.
 * The page `/_dev/mercadopago` lists pending PIX payments and pays or expires each, refunds or
 * charges back an approved one (as from Mercado Pago's panel or the card holder's bank), then sends
 * the signed webhook to the payment's notification_url as Mercado Pago does. State lives in the host's
 * database (schema `dev`, never a migration), so it survives a restart of a host with a data folder.
 */

export interface MercadoPagoFakeOptions {
  database: Database;
  /** Signs the webhooks; the API verifies with the same secret. */
  webhookSecret: string;
  accessToken: string;
  publicKey: string;
  /** Where notifications go when a payment has no notification_url. */
  defaultNotificationUrl: string;
  now?: () => Date;
  log?: (line: string) => void;
}

const SCHEMA = `
create schema if not exists dev;
create table if not exists dev.mp_card_tokens (
  id text primary key,
  cardholder_name text not null,
  first_six text not null,
  last_four text not null,
  payment_method_id text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create sequence if not exists dev.mp_payment_id start with 1320000001;
create table if not exists dev.mp_payments (
  id bigint primary key default nextval('dev.mp_payment_id'),
  idempotency_key text not null unique,
  body jsonb not null,
  notification_url text,
  created_at timestamptz not null default now()
);
create sequence if not exists dev.mp_refund_id start with 2900000001;
create table if not exists dev.mp_refunds (
  id bigint primary key default nextval('dev.mp_refund_id'),
  payment_id bigint not null unique,
  idempotency_key text not null unique,
  amount numeric not null,
  created_at timestamptz not null default now()
);
`;

/** Cardholder names of Mercado Pago's sandbox and what they force (Mercado Pago's documented test cards). */
const CARD_OUTCOMES: Record<string, { status: string; detail: string }> = {
  APRO: { status: 'approved', detail: 'accredited' },
  CONT: { status: 'in_process', detail: 'pending_contingency' },
  OTHE: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', detail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', detail: 'cc_rejected_bad_filled_other' },
};

type Json = Record<string, unknown>;
type SettleOutcome = 'pay' | 'expire' | 'refund' | 'chargeback';

/** Mercado Pago's error body. */
function mpError(status: number, message: string, error = 'bad_request') {
  return Response.json(
    { message, error, status, cause: [{ code: status, description: message }] },
    { status },
  );
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(506|509|636|650|651|655)/.test(number)) return 'elo';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7]|50)/.test(number)) return 'master';
  return 'visa';
}

interface PaymentRow {
  id: string | number;
  idempotency_key: string;
  body: Json;
  notification_url: string | null;
}

export interface MercadoPagoFake {
  routes: Hono;
  /** The fake's own credentials (the host gives them to the adapter and the browser). */
  credentials: { accessToken: string; publicKey: string };
  /**
   * Pays (approve) or expires a pending PIX, refunds or charges back an approved payment, and sends
   * the webhook (also when nothing changed: Mercado Pago repeats notifications); for tests and the page.
   */
  settle(id: string, outcome: SettleOutcome): Promise<{ payment: Json; webhookStatus: number | null }>;
  list(): Promise<Json[]>;
}

export async function createMercadoPagoFake(opts: MercadoPagoFakeOptions): Promise<MercadoPagoFake> {
  await opts.database.exec(SCHEMA);
  const { db } = opts.database;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => {});
  /** The dev page's switch: while on, the API answers 500, to see the checkout's PIX_FAIL path. */
  let outage = false;

  const authorized = (header: string | undefined) => header === `Bearer ${opts.accessToken}`;

  /** A pending PIX past its expiry is cancelled/expired from then on, as Mercado Pago reports it. */
  async function load(id: string): Promise<PaymentRow | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [row] = await db.query<PaymentRow>('select * from dev.mp_payments where id = $1', [id]);
    if (!row) return null;
    const body = row.body;
    const expires = typeof body.date_of_expiration === 'string' ? Date.parse(body.date_of_expiration) : NaN;
    if (body.status === 'pending' && body.payment_method_id === 'pix' && expires < now().getTime()) {
      row.body = await update(row.id, { status: 'cancelled', status_detail: 'expired' });
    }
    return row;
  }

  async function update(id: string | number, patch: Json): Promise<Json> {
    const stamp = now().toISOString();
    const [row] = await db.query<{ body: Json }>(
      `update dev.mp_payments set body = body || $2::jsonb where id = $1 returning body`,
      [id, { ...patch, date_last_updated: stamp }],
    );
    return row!.body;
  }

  async function notify(row: PaymentRow): Promise<number | null> {
    const url = new URL(row.notification_url || opts.defaultNotificationUrl);
    const dataId = String(row.id);
    url.searchParams.set('data.id', dataId);
    url.searchParams.set('type', 'payment');
    const requestId = randomUUID();
    const signature = await signNotification({ secret: opts.webhookSecret, dataId, requestId, now: now() });
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
        body: JSON.stringify({
          id: Date.now(),
          live_mode: false,
          type: 'payment',
          date_created: now().toISOString(),
          user_id: 44444,
          api_version: 'v1',
          action: 'payment.updated',
          data: { id: dataId },
        }),
        signal: AbortSignal.timeout(22_000),
      });
      await res.arrayBuffer();
      log(`💳 Webhook do pagamento ${dataId} → ${res.status}`);
      return res.status;
    } catch (error) {
      log(`💳 Webhook do pagamento ${dataId} falhou: ${String(error)}`);
      return null;
    }
  }

  async function createPayment(key: string, input: Json): Promise<Response> {
    const amount = input.transaction_amount;
    const method = input.payment_method_id;
    const payer = (input.payer ?? {}) as Json;
    if (typeof amount !== 'number' || !(amount > 0) || Math.round(amount * 100) !== amount * 100) {
      return mpError(400, 'transaction_amount attribute must be a positive number with up to 2 decimals');
    }
    if (typeof method !== 'string' || !method)
      return mpError(400, "payment_method_id attribute can't be null");
    if (typeof payer.email !== 'string' || !payer.email.includes('@')) {
      return mpError(400, 'payer.email must be a valid email');
    }
    const created = now();
    const body: Json = {
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: amount,
      currency_id: 'BRL',
      description: typeof input.description === 'string' ? input.description : null,
      external_reference: typeof input.external_reference === 'string' ? input.external_reference : null,
      payment_method_id: method,
      payer: { email: payer.email, identification: payer.identification ?? null },
      date_created: created.toISOString(),
      date_approved: null,
      live_mode: false,
    };
    let tokenId: string | null = null;
    if (method === 'pix') {
      const expiresAt =
        typeof input.date_of_expiration === 'string' && !Number.isNaN(Date.parse(input.date_of_expiration))
          ? new Date(input.date_of_expiration)
          : new Date(created.getTime() + 24 * 3600_000);
      body.payment_type_id = 'bank_transfer';
      body.date_of_expiration = expiresAt.toISOString();
    } else {
      const token = typeof input.token === 'string' ? input.token : '';
      const [card] = await db.query<{ cardholder_name: string; used_at: unknown; payment_method_id: string }>(
        'select * from dev.mp_card_tokens where id = $1',
        [token],
      );
      if (!card || card.used_at) {
        // A request with the same key may have used it a moment ago (the payment and the token's
        // use commit together): that payment is the answer, as for any repeated key.
        const winner = card?.used_at ? await loadByKey(key) : null;
        if (winner) return Response.json(present(winner), { status: 201 });
        return mpError(400, 'Card Token not found', 'not_found');
      }
      if (!Number.isInteger(input.installments) || (input.installments as number) < 1) {
        return mpError(400, 'installments attribute must be a positive integer');
      }
      const outcome = CARD_OUTCOMES[card.cardholder_name.trim().toUpperCase()] ?? CARD_OUTCOMES.APRO!;
      body.payment_type_id = 'credit_card';
      body.installments = input.installments;
      body.status = outcome.status;
      body.status_detail = outcome.detail;
      if (outcome.status === 'approved') body.date_approved = created.toISOString();
      tokenId = token;
    }
    const notificationUrl = typeof input.notification_url === 'string' ? input.notification_url : null;
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx.query<PaymentRow>(
        `insert into dev.mp_payments (idempotency_key, body, notification_url) values ($1, $2, $3)
         on conflict (idempotency_key) do nothing returning *`,
        [key, body, notificationUrl],
      );
      if (rows[0] && tokenId) {
        await tx.query('update dev.mp_card_tokens set used_at = now() where id = $1', [tokenId]);
      }
      return rows[0] ?? null;
    });
    // Lost a race with the same key: the winner's payment, as for any repeated key.
    const row = inserted ?? (await loadByKey(key));
    if (!row) return mpError(500, 'internal_error', 'internal_error');
    if (inserted && method === 'pix') {
      const qrCode = brCode({
        key: 'pix@congrega.local',
        amountCents: Math.round(amount * 100),
        txid: `MP${row.id}`,
      });
      const png = await QRCode.toDataURL(qrCode, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
      row.body = await update(row.id, {
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: qrCode,
            qr_code_base64: png.replace(/^data:image\/png;base64,/, ''),
            ticket_url: `${new URL(opts.defaultNotificationUrl).origin}/_dev/mercadopago`,
          },
        },
      });
      log(`💳 PIX ${row.id} criado (R$ ${amount.toFixed(2)}): pague em /_dev/mercadopago`);
    }
    return Response.json(present(row), { status: 201 });
  }

  async function loadByKey(key: string): Promise<PaymentRow | null> {
    const [row] = await db.query<PaymentRow>('select * from dev.mp_payments where idempotency_key = $1', [
      key,
    ]);
    return row ?? null;
  }

  const present = (row: PaymentRow): Json => ({ id: Number(row.id), ...row.body });

  const routes = new Hono();

  // ───── the API (what the production adapter and the Brick call) ─────
  routes.post('/v1/card_tokens', async (c) => {
    if (c.req.query('public_key') !== opts.publicKey)
      return mpError(401, 'invalid public_key', 'unauthorized');
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const number = String(input?.card_number ?? '').replace(/\D/g, '');
    const month = Number(input?.expiration_month);
    const year = Number(input?.expiration_year);
    const cvv = String(input?.security_code ?? '');
    const holder = ((input?.cardholder ?? {}) as Json).name;
    const expiry = new Date(Date.UTC(year < 100 ? 2000 + year : year, month, 1));
    if (!luhnValid(number)) return mpError(400, 'invalid card_number');
    if (!(month >= 1 && month <= 12) || !(expiry > now())) return mpError(400, 'invalid expiration date');
    if (!/^\d{3,4}$/.test(cvv)) return mpError(400, 'invalid security_code');
    if (typeof holder !== 'string' || !holder.trim()) return mpError(400, 'invalid cardholder.name');
    const id = randomBytes(16).toString('hex');
    const brand = brandOf(number);
    await db.query(
      `insert into dev.mp_card_tokens (id, cardholder_name, first_six, last_four, payment_method_id)
       values ($1, $2, $3, $4, $5)`,
      [id, holder.trim(), number.slice(0, 6), number.slice(-4), brand],
    );
    return c.json(
      {
        id,
        status: 'active',
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        payment_method_id: brand,
        cardholder: { name: holder.trim() },
        date_due: new Date(now().getTime() + 7 * 86400_000).toISOString(),
      },
      201,
    );
  });

  routes.post('/v1/payments', async (c) => {
    if (!authorized(c.req.header('authorization')))
      return mpError(401, 'invalid access token', 'unauthorized');
    if (outage) return mpError(500, 'internal_error', 'internal_error');
    const key = c.req.header('x-idempotency-key');
    if (!key) return mpError(400, 'X-Idempotency-Key header is required');
    const existing = await loadByKey(key);
    if (existing) return c.json(present(existing), 201);
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object') return mpError(400, 'invalid body');
    return createPayment(key, input);
  });

  routes.get('/v1/payments/:id', async (c) => {
    if (!authorized(c.req.header('authorization')))
      return mpError(401, 'invalid access token', 'unauthorized');
    if (outage) return mpError(500, 'internal_error', 'internal_error');
    const row = await load(c.req.param('id'));
    return row ? c.json(present(row)) : mpError(404, 'Payment not found', 'not_found');
  });

  // A cancellation (what the API asks when an attempt it holds can no longer be paid): only a payment
  // not yet paid; the signed notification of the cancelled payment follows, as Mercado Pago sends it.
  routes.put('/v1/payments/:id', async (c) => {
    if (!authorized(c.req.header('authorization')))
      return mpError(401, 'invalid access token', 'unauthorized');
    if (outage) return mpError(500, 'internal_error', 'internal_error');
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (input?.status !== 'cancelled') return mpError(400, 'Invalid Status for Update');
    const row = await load(c.req.param('id'));
    if (!row) return mpError(404, 'Payment not found', 'not_found');
    if (!['pending', 'in_process', 'authorized'].includes(String(row.body.status)))
      return mpError(400, 'The action requested is not valid for the current payment state');
    row.body = await update(row.id, { status: 'cancelled', status_detail: 'by_collector' });
    log(`💳 Pagamento ${row.id} cancelado`);
    setTimeout(() => void notify(row), 0);
    return c.json(present(row));
  });

  /** A full refund of an approved payment, once per payment (a repeated key → the same refund). */
  async function refund(row: PaymentRow, key: string): Promise<{ refund: Json; created: boolean }> {
    const amount = Number(row.body.transaction_amount);
    const created = await db.transaction(async (tx) => {
      const rows = await tx.query<Json>(
        `insert into dev.mp_refunds (payment_id, idempotency_key, amount) values ($1, $2, $3)
         on conflict do nothing returning *`,
        [row.id, key, amount],
      );
      if (rows[0]) {
        await tx.query(`update dev.mp_payments set body = body || $2::jsonb where id = $1`, [
          row.id,
          { status: 'refunded', status_detail: 'refunded', date_last_updated: now().toISOString() },
        ]);
      }
      return rows[0] ?? null;
    });
    const [found] = await db.query<Json>('select * from dev.mp_refunds where payment_id = $1', [row.id]);
    const present = {
      id: Number(found!.id),
      payment_id: Number(row.id),
      amount: Number(found!.amount),
      status: 'approved',
      date_created: new Date(String(found!.created_at)).toISOString(),
    };
    if (created) log(`💳 Reembolso ${present.id} do pagamento ${row.id} (R$ ${amount.toFixed(2)})`);
    return { refund: present, created: Boolean(created) };
  }

  routes.post('/v1/payments/:id/refunds', async (c) => {
    if (!authorized(c.req.header('authorization')))
      return mpError(401, 'invalid access token', 'unauthorized');
    if (outage) return mpError(500, 'internal_error', 'internal_error');
    const key = c.req.header('x-idempotency-key');
    if (!key) return mpError(400, 'X-Idempotency-Key header is required');
    const row = await load(c.req.param('id'));
    if (!row) return mpError(404, 'Payment not found', 'not_found');
    const [same] = await db.query<Json>(
      'select 1 from dev.mp_refunds where payment_id = $1 and idempotency_key = $2',
      [row.id, key],
    );
    if (!same && row.body.status !== 'approved') {
      return mpError(400, `Payment in status ${String(row.body.status)} cannot be refunded`);
    }
    const { refund: made, created } = await refund(row, key);
    // the signed notification of the refunded payment follows, as Mercado Pago sends it
    if (created) {
      const fresh = await load(String(row.id));
      if (fresh) setTimeout(() => void notify(fresh), 0);
    }
    return c.json(made, 201);
  });

  // ───── the dev page ─────
  async function list(): Promise<Json[]> {
    const rows = await db.query<PaymentRow>('select * from dev.mp_payments order by id desc limit 100');
    const out: Json[] = [];
    for (const row of rows) out.push(present((await load(String(row.id))) ?? row));
    return out;
  }

  async function settle(id: string, outcome: SettleOutcome) {
    const row = await load(id);
    if (!row) throw new Error(`no payment ${id}`);
    if (row.body.status === 'pending' && (outcome === 'pay' || outcome === 'expire')) {
      row.body = await update(
        row.id,
        outcome === 'pay'
          ? { status: 'approved', status_detail: 'accredited', date_approved: now().toISOString() }
          : { status: 'cancelled', status_detail: 'expired' },
      );
    }
    if (outcome === 'refund' && row.body.status === 'approved') {
      await refund(row, `panel-${row.id}`);
      row.body = (await load(String(row.id)))!.body;
    }
    if (outcome === 'chargeback' && (row.body.status === 'approved' || row.body.status === 'refunded')) {
      row.body = await update(row.id, { status: 'charged_back', status_detail: 'settled' });
    }
    // Sent even when nothing changed (e.g. already expired): Mercado Pago repeats notifications too.
    const webhookStatus = await notify(row);
    return { payment: present(row), webhookStatus };
  }

  /** State changes come from this page's own forms: a form on another site posting here is refused. */
  const sameOrigin = (origin: string | undefined, url: string) => !origin || origin === new URL(url).origin;

  routes.get('/payments.json', async (c) => c.json(await list()));

  routes.post('/payments/:id/:outcome{pay|expire|refund|chargeback}', async (c) => {
    if (!sameOrigin(c.req.header('origin'), c.req.url)) return c.text('Origem não permitida.', 403);
    const row = await load(c.req.param('id'));
    if (!row) return c.text('Pagamento não encontrado.', 404);
    const { webhookStatus } = await settle(String(row.id), c.req.param('outcome') as SettleOutcome);
    if (c.req.header('accept')?.includes('application/json')) return c.json({ webhookStatus });
    return c.redirect(`/_dev/mercadopago?notified=${row.id}&status=${webhookStatus ?? 'erro'}`, 303);
  });

  routes.post('/outage', async (c) => {
    if (!sameOrigin(c.req.header('origin'), c.req.url)) return c.text('Origem não permitida.', 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    outage = form.on === '1';
    return c.redirect('/_dev/mercadopago', 303);
  });

  routes.get('/', async (c) => {
    const payments = await list();
    const money = (v: unknown) =>
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(v));
    const pending = payments.filter((p) => p.payment_method_id === 'pix' && p.status === 'pending');
    const others = payments.filter((p) => !pending.includes(p)).slice(0, 20);
    const notified = c.req.query('notified');
    const row = (p: Json, actions: boolean) => html`<article class="card" data-payment-id="${p.id}">
  <div><strong>${p.payment_method_id === 'pix' ? 'PIX' : 'Cartão'} ${p.id}</strong>
    · ${money(p.transaction_amount)} · ${(p.payer as Json)?.email}</div>
  <div class="muted">${p.description} · status <strong>${p.status}</strong> (${p.status_detail})
    ${p.date_of_expiration ? html` · expira ${new Date(String(p.date_of_expiration)).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}` : ''}</div>
  ${
    p.status === 'approved' &&
    html`<div style="display:flex;gap:8px;margin-top:8px">
    <form method="post" action="/_dev/mercadopago/payments/${p.id}/refund"><button type="submit">Reembolsar ${p.id}</button></form>
    <form method="post" action="/_dev/mercadopago/payments/${p.id}/chargeback"><button type="submit">Estornar ${p.id}</button></form>
  </div>`
  }
  ${
    actions &&
    html`<div style="display:flex;gap:8px;margin-top:8px">
    <form method="post" action="/_dev/mercadopago/payments/${p.id}/pay"><button class="primary" type="submit">Pagar PIX ${p.id}</button></form>
    <form method="post" action="/_dev/mercadopago/payments/${p.id}/expire"><button type="submit">Expirar PIX ${p.id}</button></form>
  </div>`
  }
</article>`;
    return htmlResponse(
      page(
        'Mercado Pago (simulado)',
        html`<h1>Mercado Pago simulado</h1>
<p class="sub">Pagamentos feitos no Congrega local. Pagar ou expirar um PIX envia ao app a notificação assinada, como o Mercado Pago faria.
Cartões de teste: nome do titular APRO aprova, OTHE recusa, CONT fica em análise.</p>
${notified && html`<p class="card" role="status">Notificação do pagamento ${notified} enviada: resposta ${c.req.query('status')}.</p>`}
<form method="post" action="/_dev/mercadopago/outage" class="card">
  <input type="hidden" name="on" value="${outage ? '0' : '1'}">
  <span>${outage ? 'Simulando falha: a API responde 500.' : 'API funcionando normalmente.'}</span>
  <button type="submit">${outage ? 'Voltar ao normal' : 'Simular falha do Mercado Pago'}</button>
</form>
<h2>PIX pendentes</h2>
${pending.length ? pending.map((p) => row(p, true)) : html`<p class="card">Nenhum PIX pendente.</p>`}
<h2>Outros pagamentos</h2>
${others.length ? others.map((p) => row(p, false)) : html`<p class="card">Nenhum.</p>`}`,
      ),
    );
  });

  return {
    routes,
    credentials: { accessToken: opts.accessToken, publicKey: opts.publicKey },
    settle,
    list,
  };
}
