/**
 * A payment method's part of the checkout (strategy → handler, see ./index.ts). The checkout service
 * does what every method shares (event, tier, place, one active registration, frozen value) and asks
 * the method for the first attempt's fields inside the transaction; a method that must talk to a
 * provider (Mercado Pago) does it in `afterCommit`, outside the transaction, so no row lock is held
 * during a network call, and moves the attempt with `transitionConfirmation` when the provider fails.
 */
import type {
  CheckoutBody,
  ConfirmationStatus,
  PaymentMethod,
} from '../../../../../src/domain/registrations.ts';
import type { AuthContextUser } from '../../../lib/context.ts';
import { isoOrNull } from '../../../lib/rows.ts';
import type { Db } from '../../../ports/db.ts';
import type { Ports } from '../../../ports/index.ts';

/** What a method sees of the checkout. */
export interface MethodContext {
  ports: Ports;
  now: Date;
  user: AuthContextUser;
  body: CheckoutBody;
  event: { id: string; title: string; starts_at: Date };
  tier: {
    id: string;
    name: string;
    price: number;
    payment_link: string | null;
    custom_pix_key: string | null;
  };
  registrationId: string;
  /** The value frozen on the registration (centavos, from the tier). */
  amount: number;
}

/** The first attempt as the method starts it. */
export interface MethodStart {
  status: ConfirmationStatus;
  expiresAt?: Date | null;
  transactionId?: string | null;
  requestData?: Record<string, unknown> | null;
  responseData?: Record<string, unknown> | null;
  /** The voucher spent on this attempt (voucher method). */
  voucherId?: string | null;
}

/** The first attempt after commit, as the checkout answers it. */
export interface StartedConfirmation {
  id: string;
  status: ConfirmationStatus;
  expires_at: string | null;
  transaction_id: string | null;
  request_data: Record<string, unknown> | null;
  response_data: Record<string, unknown> | null;
}

/** An attempt row as the checkout's insert returns it, typed for the method handlers. */
export function startedConfirmation(row: {
  id: string;
  status: string;
  expires_at: Date | string | null;
  transaction_id: string | null;
  request_data: unknown;
  response_data: unknown;
}): StartedConfirmation {
  return {
    id: row.id,
    status: row.status as ConfirmationStatus,
    expires_at: isoOrNull(row.expires_at),
    transaction_id: row.transaction_id,
    request_data: row.request_data as Record<string, unknown> | null,
    response_data: row.response_data as Record<string, unknown> | null,
  };
}

export interface CheckoutMethodHandler {
  /**
   * Inside the checkout transaction (`tx`), before the registration is written and its place taken
   * (its status becomes the registration's; a refusal there rolls back whatever `start` wrote).
   * Must not call the network. An attempt that starts `rejected` (an invalid voucher) is kept as
   * history and takes no place; `afterCommit` then answers the error.
   */
  start(ctx: MethodContext, tx: Db): MethodStart | Promise<MethodStart>;
  /** After commit: a provider call; answers the attempt as it stands then (default: as started). */
  afterCommit?(ctx: MethodContext, confirmation: StartedConfirmation): Promise<StartedConfirmation>;
}

export type MethodMap = Partial<Record<PaymentMethod, CheckoutMethodHandler>>;
