/**
 * Registrations and their payment attempts (confirmations): statuses and badges, the transitions a
 * confirmation may take, which registration counts as the member's current one, the groups of
 * /my-registrations, the methods a tier offers, vouchers and the manual code, and the checkout
 * request. One place for each rule, shared by the browser and the API. Pure.
 */
import * as v from 'valibot';
import { compareIso } from './dates.ts';
import { isHappeningNow } from './events.ts';
import { validationMessages } from './messages/validation.ts';
import { statusBadge, statusBadgeFallback } from './messages.ts';
import {
  type ConfirmationStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from './types.ts';

export type { ConfirmationStatus, PaymentMethod, RegistrationStatus };
export { PAYMENT_METHODS, REGISTRATION_STATUSES };

// ───────────────────────────── statuses ─────────────────────────────

/** Spec §9: after cancelling a registration or paying it with a voucher, the screen moves on after 2 s. */
export const REDIRECT_AFTER_MS = 2000;

/** Statuses that hold a place and block a second registration for the event. */
export const ACTIVE_STATUSES: readonly RegistrationStatus[] = ['pending', 'analysis', 'paid'];
/** Statuses that are history: the place went back to the tier, a new registration is possible. */
export const INACTIVE_STATUSES: readonly RegistrationStatus[] = [
  'rejected',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
];

export function isActiveStatus(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The badge of a status (product-spec.md §4); anything unknown 'Em processamento...'. */
export function statusLabel(status: string): string {
  return Object.hasOwn(statusBadge, status) ? statusBadge[status]! : statusBadgeFallback;
}

// ───────────────────────────── transitions ─────────────────────────────

/**
 * What may happen to a payment attempt after it was created:
 * - approve → paid: any attempt not paid, rejected or canceled (product-spec.md §4);
 * - reject → rejected: any attempt not rejected or canceled, with a reason;
 * - cancel → canceled: any attempt not rejected or canceled, with a reason (staff) or by the member;
 * - expire → expired: a pending attempt (a PIX nobody paid);
 * - submit → analysis: a pending or analysed attempt whose receipt arrived (a new receipt replaces it);
 * - refund → refunded: a paid attempt whose money went back (src/domain/refunds.ts);
 * - chargeback → charged_back: a paid or refunded attempt the card holder's bank took back.
 * A repeat of the status an attempt already has is not a transition: callers treat it as done.
 */
const ALLOWED_FROM: Record<ConfirmationStatus, readonly ConfirmationStatus[]> = {
  paid: ['pending', 'analysis', 'expired'],
  rejected: ['pending', 'analysis', 'paid', 'expired'],
  canceled: ['pending', 'analysis', 'paid', 'expired'],
  expired: ['pending'],
  analysis: ['pending'],
  pending: [],
  refunded: ['paid'],
  charged_back: ['paid', 'refunded'],
};

/** Whether an attempt in `from` may move to `to` (a repeat is not checked here). */
export function canTransition(from: ConfirmationStatus, to: ConfirmationStatus): boolean {
  return ALLOWED_FROM[to].includes(from);
}

/** Statuses whose change needs a reason shown to the member. */
export function needsReason(to: ConfirmationStatus): boolean {
  return to === 'rejected';
}

/** A refusal or cancellation reason: trimmed, 3 to 500 characters. */
export const reasonSchema = v.pipe(
  v.string(validationMessages.reasonMin),
  v.trim(),
  v.minLength(3, validationMessages.reasonMin),
  v.maxLength(500, validationMessages.reasonMax),
);

/** Methods whose pending attempt the member may cancel themselves (product-spec.md §4). */
export const MEMBER_CANCELABLE_METHODS: readonly PaymentMethod[] = ['cash', 'file', 'link', 'voucher'];

/** 'CANCELAR INSCRIÇÃO' is offered on a pending cash/file/link/voucher attempt. */
export function memberCanCancel(confirmation: { strategy: string; status: string } | undefined): boolean {
  return (
    !!confirmation &&
    confirmation.status === 'pending' &&
    (MEMBER_CANCELABLE_METHODS as readonly string[]).includes(confirmation.strategy)
  );
}

// ───────────────────────────── current registration and groups ─────────────────────────────

type RegistrationLike = { event_id: string; status: string; created_at: string };

/**
 * The member's current registration for an event: the newest one still active. Rejected, canceled
 * and expired registrations are history (product-spec.md §4 names rejected and canceled; an expired PIX gave
 * its place back, so it does not hold one either).
 */
export function currentRegistration<R extends RegistrationLike>(
  registrations: readonly R[] | undefined,
  eventId: string,
): R | undefined {
  let found: R | undefined;
  for (const r of registrations ?? []) {
    // a caravan guest's registration held by the leader is not the leader's own
    if (r.event_id !== eventId || !isActiveStatus(r.status) || (r as { guest?: unknown }).guest) continue;
    if (!found || r.created_at > found.created_at) found = r;
  }
  return found;
}

export type RegistrationGroup = 'now' | 'active' | 'pending' | 'unfinished' | 'past' | 'removed';

/** What the groups read of a registration's event (older stored rows may lack the newer fields). */
type GroupedEvent = {
  starts_at: string;
  checkin_starts_at?: string | null;
  checkin_ends_at?: string | null;
  deleted_at?: string | null;
};

/** The event was removed by staff: the registration is history, its ticket is not valid. */
export function isEventRemoved(registration: {
  event: { starts_at: string; deleted_at?: string | null };
}): boolean {
  return Boolean(registration.event.deleted_at);
}

/** A ticket the member may present: paid, on an event that was not removed. */
export function hasValidTicket(registration: {
  status: string;
  event: { starts_at: string; deleted_at?: string | null };
}): boolean {
  return registration.status === 'paid' && !isEventRemoved(registration);
}

/**
 * The group of /my-registrations: 'Acontecendo agora' first — a registration still holding its place
 * (paid, pending or in analysis) on an event under way (check-in window open, or started and not
 * over); then the spec's three: past once the event started; before that active when paid,
 * 'Pagamento pendente/análise' when pending or in analysis, and — not a payment anyone awaits —
 * rejected, canceled and expired ones in 'Não concluídas' (where the member tries again). A removed
 * event's registration is in a group of its own, whatever its status or date.
 */
export function registrationGroup(
  registration: { status: string; event: GroupedEvent },
  now: Date,
): RegistrationGroup {
  const event = registration.event;
  if (isEventRemoved(registration)) return 'removed';
  if (isActiveStatus(registration.status) && isHappeningNow(event, now)) return 'now';
  if (new Date(event.starts_at).getTime() <= now.getTime()) return 'past';
  if (registration.status === 'paid') return 'active';
  return isActiveStatus(registration.status) ? 'pending' : 'unfinished';
}

/** The groups in display order, each sorted: upcoming by event date (soonest first), the rest newest first. */
export function groupRegistrations<R extends { status: string; created_at: string; event: GroupedEvent }>(
  registrations: readonly R[],
  now: Date,
): Record<RegistrationGroup, R[]> {
  const groups: Record<RegistrationGroup, R[]> = {
    now: [],
    active: [],
    pending: [],
    unfinished: [],
    past: [],
    removed: [],
  };
  for (const r of registrations) groups[registrationGroup(r, now)].push(r);
  const byStart = (a: R, b: R) =>
    compareIso(a.event.starts_at, b.event.starts_at) || compareIso(b.created_at, a.created_at);
  groups.now.sort(byStart);
  groups.active.sort(byStart);
  groups.pending.sort(byStart);
  groups.unfinished.sort(byStart);
  groups.past.sort((a, b) => -byStart(a, b));
  groups.removed.sort((a, b) => -byStart(a, b));
  return groups;
}

/** Attempts newest first, each numbered in creation order ('Tentativa N em {date}'). */
export function numberedConfirmations<C extends { created_at: string; id: string }>(
  confirmations: readonly C[],
): { confirmation: C; number: number }[] {
  const oldestFirst = [...confirmations].sort(
    (a, b) => compareIso(a.created_at, b.created_at) || compareIso(a.id, b.id),
  );
  return oldestFirst.map((confirmation, i) => ({ confirmation, number: i + 1 })).reverse();
}

// ───────────────────────────── methods offered ─────────────────────────────

/**
 * Methods offered on a tier (product-spec.md §4): the event's allowed methods minus the tier's restricted ones,
 * in the canonical order; a free tier needs none ('open' is implied). `link` only on a tier that has
 * its payment link: without one the member would be left waiting for a link nobody sends.
 */
export function offeredMethods(
  event: { allowed_payment_methods: readonly string[] },
  tier: { price: number; restricted_payment_methods: readonly string[]; payment_link: string | null },
): PaymentMethod[] {
  if (tier.price === 0) return [];
  return PAYMENT_METHODS.filter(
    (m) =>
      m !== 'open' &&
      event.allowed_payment_methods.includes(m) &&
      !tier.restricted_payment_methods.includes(m) &&
      (m !== 'link' || Boolean(tier.payment_link?.trim())),
  );
}

/** The method a checkout will use: 'open' for a free tier whatever was asked, else the one asked if offered. */
export function checkoutMethod(
  offered: readonly PaymentMethod[],
  price: number,
  asked: string | undefined,
): PaymentMethod | null {
  if (price === 0) return 'open';
  return isPaymentMethod(asked) && offered.includes(asked) ? asked : null;
}

// ───────────────────────────── Fastpass ─────────────────────────────

/** A Fastpass is issuable up to one hour before the event (product-spec.md §1, §9). */
export const FASTPASS_CLOSES_BEFORE_MS = 60 * 60 * 1000;

export function fastpassIssuable(eventStartsAt: string, now: Date): boolean {
  return now.getTime() <= new Date(eventStartsAt).getTime() - FASTPASS_CLOSES_BEFORE_MS;
}

/** A payment link is valid for 72 hours (product-spec.md §9). */
export const LINK_VALID_MS = 72 * 60 * 60 * 1000;

// ───────────────────────────── voucher and manual code ─────────────────────────────

export const VOUCHER_LENGTH = 8;

/** What the member typed, unmasked and lower-cased (product-spec.md §5): 'ab12-CD34' → 'ab12cd34'. */
export function normalizeVoucher(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '').toLowerCase();
}

/** The voucher as shown: XXXX-XXXX in upper case (partial input is masked as far as it goes). */
export function formatVoucher(value: string): string {
  const raw = normalizeVoucher(value).slice(0, VOUCHER_LENGTH).toUpperCase();
  return raw.length > 4 ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
}

/** A voucher code as the API takes it: any mask, exactly 8 letters or digits once unmasked. */
export const voucherCodeSchema = v.pipe(
  v.string(validationMessages.voucherLength),
  v.transform(normalizeVoucher),
  v.length(VOUCHER_LENGTH, validationMessages.voucherLength),
);

/** The manual check-in code as shown: ###-### (product-spec.md §9). */
export function formatManualCode(seq: string): string {
  const digits = seq.replace(/\D/g, '');
  return digits.length === 6 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** The ticket QR's content (product-spec.md §4). */
export function ticketQrContent(registrationId: string): string {
  return `checkin:${registrationId}`;
}

/**
 * How a ticket's QR is drawn (qrcode's options): error correction low (product-spec.md §9) and a
 * fixed mask. Any of the eight masks scans; searching for the best one was a tenth of a cheap
 * phone's second to the ticket offline (docs/performance.md).
 */
export const TICKET_QR_SYMBOL = { errorCorrectionLevel: 'L', maskPattern: 0 } as const;

// ───────────────────────────── requests ─────────────────────────────

const uuid = v.pipe(v.string(), v.uuid());

/** Path of POST /v1/checkout/{eventId}/{tierId}. */
export const checkoutParamsSchema = v.object({ eventId: uuid, tierId: uuid });

/**
 * Body of POST /v1/checkout/{eventId}/{tierId} (product-spec.md §7). The method is checked against the offered
 * ones by the service (INVALID_PAYMENT_METHOD), not here; transactionData is the provider's form data
 * for card and PIX. No amount: the server freezes the tier's price.
 */
export const checkoutBodySchema = v.object({
  paymentMethod: v.optional(v.pipe(v.string(), v.maxLength(32))),
  tierId: uuid,
  transactionData: v.optional(v.record(v.string(), v.unknown())),
  /** answers to the event's questions by question id, checked by src/domain/questions.ts's rules */
  answers: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
  /** a minor's guardian {name, cpf, email} and the member's birth date (src/domain/minors.ts checks them) */
  guardian: v.optional(v.record(v.string(), v.string())),
  birth_date: v.optional(v.pipe(v.string(), v.maxLength(10))),
});
export type CheckoutBody = v.InferOutput<typeof checkoutBodySchema>;

/** Body of POST /v1/confirmation/{id}/voucher. */
export const voucherBodySchema = v.object({ voucher: voucherCodeSchema, eventId: uuid, tierId: uuid });

/** Receipts: images or a PDF, at most 5 MB (product-spec.md §4 file flow). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * All the receipts one member keeps stored, together: 30 MB (six receipts of the largest size; a
 * phone's photo of a PIX is a few hundred KB). A caravan's payment takes one receipt, not one per person.
 */
export const RECEIPTS_MEMBER_MAX_BYTES = 30 * 1024 * 1024;
export const RECEIPT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/**
 * The type of a receipt from its first bytes (magic numbers), never from its name or the browser's
 * claim: JPEG, PNG, WEBP, HEIC/HEIF or PDF; null for anything else.
 */
export function sniffReceiptType(head: Uint8Array): ReceiptType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((ch) => ch.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp') && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].some((b) => ascii(8, b)))
    return 'image/heic';
  if (ascii(0, '%PDF-')) return 'application/pdf';
  return null;
}
