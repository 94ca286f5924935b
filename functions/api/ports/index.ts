import type { Db } from './db.ts';
import type { Geocoder } from './geocoder.ts';
import type { Mailer } from './mailer.ts';
import type { Notifier } from './notifier.ts';

/** What the API needs from outside, built once at start (Deno entry from env; local host in-process). */
export interface Ports {
  db: Db;
  authAdmin: AuthAdmin;
  storage: Storage;
  clock: Clock;
  payments: Payments;
  geocoder: Geocoder;
  /**
   * Delivers the members' e-mails from the outbox (functions/api/mail/outbox.ts). Absent: the rows
   * wait in the outbox (nothing is drained) until a mailer is configured.
   */
  mailer?: Mailer;
  /**
   * Delivers the WhatsApp messages from the same outbox (the Cloud API, or the local stand-in).
   * Absent: those rows wait, as e-mails do without a mailer.
   */
  notifier?: Notifier;
  /**
   * Keeps work going after the answer was sent (EdgeRuntime.waitUntil on Supabase; the local host
   * tracks the task so that closing waits for it). Absent: the task simply runs.
   */
  waitUntil?: (task: Promise<unknown>) => void;
  env: ApiEnv;
}

export interface ApiEnv {
  /** Public URL of the Supabase surface (auth, storage, functions), without trailing slash. */
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Where the app is served (links in e-mails), without trailing slash; default supabaseUrl (the local host serves both). */
  siteUrl?: string;
  /** The e-mail of the person in charge of members' data (PRIVACY_EMAIL), shown on /privacidade. */
  privacyEmail?: string;
  /** Days after an event its payment receipts are deleted (RECEIPT_RETENTION_DAYS; default 180). */
  receiptRetentionDays?: number;
  /**
   * Signups per client address in 15 minutes (SIGNUP_LIMIT; default 10), through /signup and, on the
   * local host, straight to /auth/v1/signup: one count for both.
   */
  signupLimit?: number;
  /** Mercado Pago settings the API needs besides the adapter (optional: absent means not configured). */
  mercadoPago?: MercadoPagoEnv;
}

export interface MercadoPagoEnv {
  /** The browser's public key (MP_PUBLIC_KEY): the only Mercado Pago credential that may reach the browser. */
  publicKey: string;
  /** The webhook's secret signature (MP_WEBHOOK_SECRET); without it every notification is refused. */
  webhookSecret: string;
  /** Our webhook URL sent as each payment's notification_url (MP_NOTIFICATION_URL), if any. */
  notificationUrl?: string;
  /** True when the adapter talks to the local fake (dev mode): the browser uses the stand-in Brick. */
  simulated: boolean;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The GoTrue user as the admin API returns it. */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  identities?: unknown[];
}

export interface AuthAdmin {
  /** Public signup: GoTrue sends the confirmation e-mail. Returns null when the e-mail is already registered. */
  signUp(input: {
    email: string;
    password: string;
    data: Record<string, unknown>;
    redirectTo?: string;
    /** The client the API signs up for: sent as X-Forwarded-For, so auth's throttle counts it, not the API. */
    clientAddress?: string;
  }): Promise<AuthUser | null>;
  /** Without a password the account cannot sign in until one is set (e.g. from an invitation). */
  createUser(input: {
    email: string;
    password?: string;
    emailConfirm: boolean;
    userMetadata?: Record<string, unknown>;
  }): Promise<AuthUser>;
  updateUser(
    id: string,
    patch: { password?: string; userMetadata?: Record<string, unknown>; emailConfirm?: boolean },
  ): Promise<AuthUser>;
  findUserByEmail(email: string): Promise<AuthUser | null>;
  /**
   * GoTrue's invite: mails a link that confirms the e-mail and signs the person in (redirectTo, where
   * they choose a password). Creates the account when missing; an unconfirmed one gets a new link.
   */
  inviteUser(input: {
    email: string;
    data?: Record<string, unknown>;
    redirectTo?: string;
  }): Promise<AuthUser>;
  /** Deletes an account (one created by a step that then failed). */
  deleteUser(id: string): Promise<void>;
  /**
   * True when the password opens the account (a password sign-in whose session is ended at once);
   * false when it does not. For re-authentication before a sensitive step.
   */
  verifyPassword(input: { email: string; password: string; clientAddress?: string }): Promise<boolean>;
  /**
   * GoTrue's soft delete: the account stays as a row (its registrations reference it) but loses its
   * e-mail, password, identities and metadata, and every session ends: nobody can sign in to it.
   */
  softDeleteUser(id: string): Promise<void>;
}

export interface Storage {
  upload(bucket: string, path: string, body: Blob | Uint8Array, contentType: string): Promise<void>;
  remove(bucket: string, path: string): Promise<void>;
  /** An absolute URL that serves the object for expiresIn seconds. */
  signedUrl(bucket: string, path: string, expiresIn: number): Promise<string>;
}

/** The two Mercado Pago methods; the others never reach the gateway. */
export type ProviderMethod = 'mp_card' | 'mp_pix';

/** Mercado Pago's payment statuses (as the Payments API names them). */
export type ProviderStatus =
  | 'pending'
  | 'approved'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

/** A payment as the gateway reports it, amounts back in centavos. */
export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  statusDetail: string;
  /** Our confirmation id. */
  externalReference: string | null;
  amountCents: number;
  pix?: { qrCode: string; qrCodeBase64: string; expiresAt: string | null };
}

export interface CreatePaymentInput {
  /** Same key, same payment: the confirmation id, so a retried checkout never charges twice. */
  idempotencyKey: string;
  method: ProviderMethod;
  amountCents: number;
  description: string;
  payer: {
    email: string;
    firstName?: string;
    lastName?: string;
    identification?: { type: 'CPF' | 'CNPJ'; number: string };
  };
  /** Our confirmation id. */
  externalReference: string;
  /** Card only: what the Card Payment Brick gave the browser (never the card itself). */
  card?: { token: string; paymentMethodId: string; installments: number; issuerId?: string };
  notificationUrl?: string;
  /** PIX only: when the code stops being payable (ISO). */
  expiresAt?: string;
}

/**
 * Why the gateway did not answer with a payment: `unavailable` (network, timeout, 5xx: try later),
 * `refused` (4xx: the request or the card token was not accepted), `not_found` (no such payment).
 */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'not_found',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** The payment gateway (Mercado Pago over plain fetch; the host points it at a local fake in dev mode). */
export interface Payments {
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /**
   * A full refund of an approved payment (`POST /v1/payments/{id}/refunds`). Same key, same refund:
   * a retried request never refunds twice.
   */
  refundPayment(input: { paymentId: string; idempotencyKey: string }): Promise<ProviderRefund>;
  /**
   * Cancels a payment not yet paid (`PUT /v1/payments/{id}`, status `cancelled`): a PIX code can no
   * longer be paid. `refused` when its state does not allow it (paid, already cancelled or expired).
   */
  cancelPayment(id: string): Promise<ProviderPayment>;
}

/** A refund as the gateway reports it, the amount in centavos. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: string;
}
