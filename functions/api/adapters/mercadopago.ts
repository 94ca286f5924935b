import {
  type CreatePaymentInput,
  PaymentGatewayError,
  type Payments,
  type ProviderPayment,
  type ProviderStatus,
} from '../ports/index.ts';

/**
 * The Payments port over Mercado Pago's Payments API with plain fetch (runs under Deno and Node):
 * `POST /v1/payments` with `X-Idempotency-Key`, `GET /v1/payments/{id}`, `POST /v1/payments/{id}/refunds`
 * (full refund, `X-Idempotency-Key`). Amounts leave in reais,
 * as Mercado Pago wants them, and come back in centavos. In dev mode the local host points the same
 * adapter at its fake (`/_dev/mercadopago`), so nothing here knows which one it talks to.
 */
export interface MercadoPagoConfig {
  /** `MP_API_URL`, default https://api.mercadopago.com. */
  apiUrl?: string;
  /** `MP_ACCESS_TOKEN`: server-side only. */
  accessToken: string;
  /** Per-call limit; Mercado Pago answers in well under a second when healthy. */
  timeoutMs?: number;
}

export const MERCADO_PAGO_API_URL = 'https://api.mercadopago.com';

const STATUSES: readonly ProviderStatus[] = [
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
];

/** Centavos → reais with two decimals (1990 → 19.9). */
export const toReais = (cents: number) => Math.round(cents) / 100;
/** Reais → centavos, rounding away binary noise (19.9 → 1990). */
export const toCents = (reais: number) => Math.round(reais * 100);

/**
 * Mercado Pago's date format `yyyy-MM-dd'T'HH:mm:ss.SSSz` in São Paulo time (UTC−3 all year since
 * 2019), e.g. 2026-03-10T17:30:00.000-03:00.
 */
export function mercadoPagoDate(iso: string): string {
  const local = new Date(new Date(iso).getTime() - 3 * 3600_000).toISOString();
  return `${local.slice(0, 23)}-03:00`;
}

/** The request body of `POST /v1/payments` for our input (card or PIX). */
export function paymentRequestBody(input: CreatePaymentInput): Record<string, unknown> {
  const payer: Record<string, unknown> = { email: input.payer.email };
  if (input.payer.firstName) payer.first_name = input.payer.firstName;
  if (input.payer.lastName) payer.last_name = input.payer.lastName;
  if (input.payer.identification) payer.identification = input.payer.identification;
  const body: Record<string, unknown> = {
    transaction_amount: toReais(input.amountCents),
    description: input.description,
    external_reference: input.externalReference,
    payer,
  };
  if (input.notificationUrl) body.notification_url = input.notificationUrl;
  if (input.method === 'mp_pix') {
    body.payment_method_id = 'pix';
    if (input.expiresAt) body.date_of_expiration = mercadoPagoDate(input.expiresAt);
  } else {
    if (!input.card) throw new PaymentGatewayError('refused', 400, 'card payment without a card token');
    body.payment_method_id = input.card.paymentMethodId;
    body.token = input.card.token;
    body.installments = input.card.installments;
    if (input.card.issuerId) body.issuer_id = input.card.issuerId;
  }
  return body;
}

/** Mercado Pago's payment JSON → ProviderPayment (only the fields we use). */
export function providerPaymentFrom(json: unknown): ProviderPayment {
  const p = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  if (p.id === undefined || p.id === null)
    throw new PaymentGatewayError('unavailable', 502, 'payment without id');
  const status = STATUSES.includes(p.status as ProviderStatus) ? (p.status as ProviderStatus) : 'in_process';
  const payment: ProviderPayment = {
    id: String(p.id),
    status,
    statusDetail: typeof p.status_detail === 'string' ? p.status_detail : '',
    externalReference: typeof p.external_reference === 'string' ? p.external_reference : null,
    amountCents: typeof p.transaction_amount === 'number' ? toCents(p.transaction_amount) : 0,
  };
  const poi = p.point_of_interaction as { transaction_data?: Record<string, unknown> } | undefined;
  const data = poi?.transaction_data;
  if (p.payment_method_id === 'pix' && data && typeof data.qr_code === 'string') {
    payment.pix = {
      qrCode: data.qr_code,
      qrCodeBase64: typeof data.qr_code_base64 === 'string' ? data.qr_code_base64 : '',
      expiresAt:
        typeof p.date_of_expiration === 'string' ? new Date(p.date_of_expiration).toISOString() : null,
    };
  }
  return payment;
}

export function createMercadoPagoPayments(config: MercadoPagoConfig): Payments {
  const base = (config.apiUrl || MERCADO_PAGO_API_URL).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call(
    path: string,
    init: { method: string; body?: unknown; headers?: Record<string, string> },
  ) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentGatewayError('unavailable', 0, `Mercado Pago unreachable: ${String(error)}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) return json;
    const message = `Mercado Pago ${res.status}: ${(json as { message?: string } | null)?.message ?? text.slice(0, 200)}`;
    if (res.status === 404) throw new PaymentGatewayError('not_found', 404, message);
    // 401/403 are our credentials, 429 and 5xx are theirs: either way, nothing wrong with the payer's data
    if (res.status === 401 || res.status === 403 || res.status === 429 || res.status >= 500) {
      throw new PaymentGatewayError('unavailable', res.status, message);
    }
    throw new PaymentGatewayError('refused', res.status, message);
  }

  return {
    async createPayment(input) {
      const json = await call('/v1/payments', {
        method: 'POST',
        body: paymentRequestBody(input),
        headers: { 'x-idempotency-key': input.idempotencyKey },
      });
      return providerPaymentFrom(json);
    },
    async getPayment(id) {
      if (!/^[0-9A-Za-z_-]{1,64}$/.test(id))
        throw new PaymentGatewayError('not_found', 404, 'malformed payment id');
      return providerPaymentFrom(await call(`/v1/payments/${id}`, { method: 'GET' }));
    },
    async cancelPayment(id) {
      if (!/^[0-9A-Za-z_-]{1,64}$/.test(id))
        throw new PaymentGatewayError('not_found', 404, 'malformed payment id');
      return providerPaymentFrom(
        await call(`/v1/payments/${id}`, { method: 'PUT', body: { status: 'cancelled' } }),
      );
    },
    async refundPayment({ paymentId, idempotencyKey }) {
      if (!/^[0-9A-Za-z_-]{1,64}$/.test(paymentId))
        throw new PaymentGatewayError('not_found', 404, 'malformed payment id');
      // no amount in the body: a full refund
      const json = (await call(`/v1/payments/${paymentId}/refunds`, {
        method: 'POST',
        body: {},
        headers: { 'x-idempotency-key': idempotencyKey },
      })) as Record<string, unknown> | null;
      if (!json || json.id === undefined || json.id === null)
        throw new PaymentGatewayError('unavailable', 502, 'refund without id');
      return {
        id: String(json.id),
        paymentId: String(json.payment_id ?? paymentId),
        amountCents: typeof json.amount === 'number' ? toCents(json.amount) : 0,
        status: typeof json.status === 'string' ? json.status : 'approved',
      };
    },
  };
}
