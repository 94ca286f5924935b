/**
 * The staff payment review (`/admin/registrations`, product-spec.md §2 and §4): its filters, the query the
 * API accepts, the reason rule, and which buttons a confirmation offers. Pure; shared by the
 * screen and the API.
 */
import * as v from 'valibot';
import { adminRegistrationsMessages as m } from './messages/admin-registrations.ts';
import { validationMessages } from './messages/validation.ts';
import { refundMethodFor } from './refunds.ts';
import { canTransition, reasonSchema } from './registrations.ts';
import {
  type ConfirmationStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  REGISTRATION_STATUSES,
} from './types.ts';
import { uuidSchema } from './validation.ts';

/** Rows per page of the list. */
export const ADMIN_CONFIRMATIONS_PAGE_SIZE = 50;
export const ADMIN_CONFIRMATIONS_MAX_PAGE_SIZE = 100;
/** Longest 'Nome ou email' text. */
export const FILTER_TEXT_MAX_LENGTH = 120;

export interface AdminConfirmationFilter {
  status?: ConfirmationStatus;
  paymentMethod?: PaymentMethod;
  eventId?: string;
  text?: string;
}

export type QuickFilterKey = 'analysis' | 'cashPending' | 'paid' | 'pixExpired' | 'all';

/** The quick filter chips, in order; the screen opens on the first. */
export const QUICK_FILTERS: { key: QuickFilterKey; label: string; filter: AdminConfirmationFilter }[] = [
  { key: 'analysis', label: m.chipAnalysis, filter: { status: 'analysis', paymentMethod: 'file' } },
  { key: 'cashPending', label: m.chipCashPending, filter: { status: 'pending', paymentMethod: 'cash' } },
  { key: 'paid', label: m.chipPaid, filter: { status: 'paid' } },
  { key: 'pixExpired', label: m.chipPixExpired, filter: { status: 'expired', paymentMethod: 'mp_pix' } },
  { key: 'all', label: m.chipAll, filter: {} },
];

const emptyToUndefined = <T>(value: T | '') => (value === '' ? undefined : value);

/**
 * GET /v1/admin/confirmations query: every filter optional ('' = any); `cursor` from the previous
 * page (a keyset, so rows that leave the list after a change never make the next page skip one).
 */
export const adminConfirmationsQuerySchema = v.object({
  status: v.pipe(
    v.optional(v.union([v.literal(''), v.picklist(REGISTRATION_STATUSES)]), ''),
    v.transform(emptyToUndefined),
  ),
  paymentMethod: v.pipe(
    v.optional(v.union([v.literal(''), v.picklist(PAYMENT_METHODS)]), ''),
    v.transform(emptyToUndefined),
  ),
  eventId: v.pipe(v.optional(v.union([v.literal(''), uuidSchema]), ''), v.transform(emptyToUndefined)),
  text: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(FILTER_TEXT_MAX_LENGTH),
    v.transform(emptyToUndefined),
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(ADMIN_CONFIRMATIONS_MAX_PAGE_SIZE),
    ),
  ),
});

/** Body of reject and 'Excluir': the reason, 3+ characters, shown to the member (product-spec.md §4, §5). */
export const reasonBodySchema = v.object({ reason: reasonSchema }, validationMessages.reasonMin);

/** Methods a person reviews (receipt, cash at the door, payment link). */
const REVIEWED_METHODS: readonly string[] = ['file', 'cash', 'link'];

export type AdminAction = 'approve' | 'reject' | 'cancel' | 'refund';
/** The status each staff action moves an attempt to. */
export const ADMIN_ACTION_TARGET = {
  approve: 'paid',
  reject: 'rejected',
  cancel: 'canceled',
  refund: 'refunded',
} as const;

/**
 * The buttons an attempt shows (product-spec.md §4): 'Aprovar' with 'Rejeitar' on the reviewed methods (cash,
 * link, receipt) while it may still become paid; 'Excluir' while it may still be canceled, except a
 * paid attempt with money in it: 'Reembolsar' instead, so the place never returns without a record
 * of the money (src/domain/refunds.ts). The transitions are the domain's (registrations.ts); the
 * server decides again on the press.
 */
export function adminActions(c: { strategy: string; status: string }): AdminAction[] {
  if (!isConfirmationStatus(c.status)) return [];
  const actions: AdminAction[] = [];
  if (REVIEWED_METHODS.includes(c.strategy) && canTransition(c.status, 'paid'))
    actions.push('approve', 'reject');
  if (paidWithMoney(c)) actions.push('refund');
  else if (canTransition(c.status, 'canceled')) actions.push('cancel');
  return actions;
}

/** A paid attempt whose money came in (card, PIX, receipt, cash, link): it leaves by a refund. */
export function paidWithMoney(c: { strategy: string; status: string }): boolean {
  return c.status === 'paid' && refundMethodFor(c.strategy) !== null;
}

function isConfirmationStatus(value: string): value is ConfirmationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

/**
 * The badge print link of a row (`/admin/badge?name=&temple=&code=`): the code is the
 * registration's id, so the badge's QR is the ticket's own (`checkin:{id}`).
 */
export function badgeHref(name: string, temple: string | null, code: string): string {
  const query = new URLSearchParams({ name, temple: temple ?? '', code });
  return `/admin/badge?${query.toString()}`;
}

/** The badge sheets of an event (`/admin/all-badge?event=`), or the page to choose one. */
export function eventBadgesHref(eventId?: string): string {
  return eventId ? `/admin/all-badge?event=${encodeURIComponent(eventId)}` : '/admin/all-badge';
}

/** One row of GET /v1/admin/confirmations: a payment attempt with its registration, event and person. */
export interface AdminConfirmationRow {
  id: string;
  strategy: PaymentMethod;
  status: ConfirmationStatus;
  created_at: string;
  expires_at: string | null;
  /** why it was rejected or canceled (response_data.reason), shown to the member */
  reason: string | null;
  voucher_code: string | null;
  /** the uploaded receipt's path in the `receipts` bucket, for GET /v1/files?type=receiptFile */
  receipt_path: string | null;
  registration: { id: string; seq: string; frozen_value: number; status: ConfirmationStatus };
  event: { id: string; title: string };
  tier: { id: string; name: string };
  user: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    temple_name: string | null;
    /** the member deleted their account: shown as 'Conta excluída', no badge */
    account_deleted: boolean;
  };
  /** A caravan's registration: who registered the group (the person is `user`'s name). */
  caravan?: { leader_name: string } | null;
  /** Money that went back out ('Reembolso registrado'): how much, how, who, when. */
  refund?: {
    amount: number;
    kind: 'refund' | 'chargeback';
    method: 'mercadopago' | 'manual';
    origin: 'member' | 'staff' | 'provider';
    by_name: string | null;
    created_at: string;
  } | null;
}

export interface AdminConfirmationPage {
  items: AdminConfirmationRow[];
  /** pass as `cursor` for the next page; null on the last one */
  nextCursor: string | null;
}

/** An event staff can filter by (events with registrations). */
export interface AdminConfirmationEvent {
  id: string;
  title: string;
  starts_at: string;
}
