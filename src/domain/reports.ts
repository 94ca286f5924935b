/**
 * The staff reports (`/admin/reports`, permission `reports`) and the badges (`/admin/badge`,
 * `/admin/all-badge`, permission `read_confirmations`): what the API answers, the query it accepts,
 * the chart colours, and the two CSV files. Pure; shared by the screen, the API and the bench.
 *
 * What the numbers mean:
 * - registrations: every registration of the event, whatever its status (the pie adds up to it);
 * - participants: the paid ones; congregations: congregations with at least one paid registration;
 * - per regional (the bar) and per congregation (the table): paid registrations; the table also
 *   counts the active ones (pending, in analysis or paid);
 * - money (the event and each congregation): received = the value of registrations that were paid
 *   (still paid, refunded since, or charged back); refunded = what went back out (refunds and
 *   chargebacks); net = received − refunded;
 * - attendees of a regional or congregation: every registration of people from there, any status,
 *   with the method of its latest payment attempt.
 * A person without a congregation (another ministry) counts in the regional 'custom' (visitors).
 * A deleted account's registrations (its profile kept as 'Conta excluída', without congregation)
 * count in a regional of their own, 'deleted', shown as 'Conta excluída': they are nobody's visitors.
 * A caravan guest's registration belongs to the guest, not to the leader's account, and stays where
 * the leader's congregation puts it; and deleted accounts get no badge.
 */
import * as v from 'valibot';
import { csvMoney, fileSlug, toCsv } from './csv.ts';
import { formatDateTime } from './dates.ts';
import { checkoutMessages } from './messages/checkout.ts';
import { pixMessages as pix } from './messages/pix.ts';
import { reportsMessages as m } from './messages/reports.ts';
import { answerText, type EventQuestion, type QuestionKind } from './questions.ts';
import { formatManualCode, statusLabel, ticketQrContent } from './registrations.ts';
import type { PaymentMethod, RegistrationStatus } from './types.ts';
import { isUuid, uuidSchema } from './validation.ts';

/** The regional of visitors and of people from another ministry. */
export const VISITORS_REGIONAL = 'custom';
/** The regional of deleted accounts' registrations (product-spec.md §3 keeps their history). */
export const DELETED_REGIONAL = 'deleted';

// ───────────────────────────── answers of the API ─────────────────────────────

/** GET /v1/admin/reports/events: events with registrations, newest first. */
export interface ReportEvent {
  id: string;
  title: string;
  starts_at: string;
  parent_id: string | null;
}

export interface StatusCount {
  status: RegistrationStatus;
  cnt: number;
}
export interface RegionalCount {
  regional: string;
  cnt: number;
}
export interface TempleCount {
  /** null: people from another ministry (no congregation) */
  id: string | null;
  name: string | null;
  regional: string;
  /** paid registrations */
  cnt: number;
  /** active registrations (pending, in analysis, paid) */
  total: number;
  /** centavos that came in (registrations paid, refunded since or charged back) */
  received?: number;
  /** centavos that went back out (refunds, chargebacks) */
  refunded?: number;
  /** received − refunded */
  net?: number;
}

/** An event's money: what came in, what went back out, what stays (centavos). */
export interface MoneyTotals {
  received: number;
  refunded: number;
  net: number;
}

/** GET /v1/admin/reports?event= */
export interface ReportSummary {
  event: { id: string; title: string };
  registrations: number;
  participants: number;
  congregations: number;
  status: StatusCount[];
  regional: RegionalCount[];
  temples: TempleCount[];
  money?: MoneyTotals;
  /** who came: people checked in at all, per check-in session and per day (São Paulo time) */
  attendance: ReportAttendance;
}

/** Attendance of an event: each person counted once per session and once per day. */
export interface ReportAttendance {
  checked_in: number;
  sessions: { id: string; name: string; starts_at: string; cnt: number }[];
  /** YYYY-MM-DD in São Paulo time */
  days: { day: string; cnt: number }[];
}

/** GET /v1/admin/reports/my-locations?event=: where the event's registrations come from. */
export interface ReportLocations {
  regionals: RegionalCount[];
  temples: { id: string; name: string; regional: string; cnt: number }[];
}

/** GET /v1/admin/reports/atendees-per-location/{locationId}?event= */
export interface AttendeeRow {
  name: string;
  temple_name: string | null;
  regional: string;
  strategy: PaymentMethod | null;
  status: RegistrationStatus;
  created_at: string;
  frozen_value: number;
  /** answers to the event's questions by question id (sensitive ones only for read_sensitive) */
  answers?: Record<string, unknown> | null;
}

/** GET /v1/admin/reports/payments?event=: a payment received (the treasurer's reconciliation). */
export interface ReceivedPayment {
  paid_at: string;
  /** the registration's 6-digit check-in code */
  registration_code: string;
  name: string;
  strategy: PaymentMethod;
  /** centavos */
  amount: number;
  /** what the bank or Mercado Pago statement shows: the payment id, or the receipt PIX's txid */
  transaction_id: string;
  status: RegistrationStatus;
  /** centavos that went back out (refund, chargeback) */
  refunded: number;
}

/** GET /v1/admin/badges?event=: the event's paid registrations, by name. */
export interface BadgeRow {
  registration_id: string;
  seq: string;
  name: string;
  temple_name: string | null;
  /** the answer to the event's badge question (never a sensitive one), as stored */
  badge_answer?: { label: string; kind: QuestionKind; value: unknown } | null;
}

// ───────────────────────────── requests ─────────────────────────────

export const reportQuerySchema = v.object({ event: uuidSchema });

/**
 * A location of the attendees report: a congregation's id, or a regional's name (any other text).
 * A regional is matched exactly; an unknown one has no attendees.
 */
export const locationParamSchema = v.object({
  locationId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

export type Location = { kind: 'temple'; id: string } | { kind: 'regional'; name: string };

export function parseLocation(locationId: string): Location {
  return isUuid(locationId)
    ? { kind: 'temple', id: locationId.toLowerCase() }
    : { kind: 'regional', name: locationId };
}

// ───────────────────────────── display ─────────────────────────────

/** The pie's order and colours: paid green, rejected grey, analysis orange, pending yellow. */
export const STATUS_COLORS: Record<RegistrationStatus, string> = {
  paid: '#2f9e44',
  analysis: '#f76707',
  pending: '#fcc419',
  rejected: '#adb5bd',
  expired: '#7950f2',
  canceled: '#495057',
  refunded: '#1c7ed6',
  charged_back: '#c92a2a',
};
export const STATUS_ORDER: readonly RegistrationStatus[] = [
  'paid',
  'analysis',
  'pending',
  'rejected',
  'expired',
  'canceled',
  'refunded',
  'charged_back',
];
export const REGIONAL_COLOR = '#1c7ed6';

export function regionalLabel(regional: string): string {
  if (regional === DELETED_REGIONAL) return m.deletedAccount;
  return regional === VISITORS_REGIONAL ? m.visitors : regional;
}

/** A congregation's name; without one, another ministry, or a deleted account (its regional says). */
export function templeLabel(name: string | null, regional?: string): string {
  if (name) return name;
  return regional === DELETED_REGIONAL ? m.deletedAccount : m.otherChurch;
}

export function methodLabel(strategy: string | null): string {
  if (!strategy) return '';
  return (checkoutMessages.methodNames as Record<string, string>)[strategy] ?? strategy;
}

/** The status counts in the pie's order. */
export function orderedStatus(rows: readonly StatusCount[]): StatusCount[] {
  return [...rows].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The congregation table's search: the name or the regional, without case or accents. */
export function filterTemples<T extends { name: string | null; regional: string }>(
  rows: readonly T[],
  query: string,
): T[] {
  const q = fold(query.trim());
  if (!q) return [...rows];
  return rows.filter((r) =>
    fold(`${templeLabel(r.name, r.regional)} ${regionalLabel(r.regional)}`).includes(q),
  );
}

/** Sub-events under their parent: each top-level event followed by its children (by date). */
export function groupReportEvents(
  events: readonly ReportEvent[],
): { event: ReportEvent; children: ReportEvent[] }[] {
  const ids = new Set(events.map((e) => e.id));
  const roots = events.filter((e) => !e.parent_id || !ids.has(e.parent_id));
  return roots.map((event) => ({
    event,
    children: events
      .filter((e) => e.parent_id === event.id)
      .sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0)),
  }));
}

// ───────────────────────────── CSV files ─────────────────────────────

/** 'inscricoes-por-congregacao-conferencia-jovem-2026.csv' */
export function templesCsvName(eventTitle: string): string {
  return `inscricoes-por-congregacao-${fileSlug(eventTitle)}.csv`;
}

/** 'inscritos-zona-sul-conferencia-jovem-2026.csv' */
export function attendeesCsvName(locationName: string, eventTitle: string): string {
  return `inscritos-${fileSlug(locationName)}-${fileSlug(eventTitle)}.csv`;
}

export function templesCsv(rows: readonly TempleCount[]): string {
  return toCsv(
    [m.temple, m.regional, m.paid, m.total, `${m.received} (R$)`, `${m.refunded} (R$)`, `${m.net} (R$)`],
    rows.map((r) => [
      templeLabel(r.name, r.regional),
      regionalLabel(r.regional),
      r.cnt,
      r.total,
      csvMoney(r.received ?? 0),
      csvMoney(r.refunded ?? 0),
      csvMoney(r.net ?? 0),
    ]),
  );
}

/** One column per question of the event (README 'Registration questions'), after the fixed ones. */
export function attendeesCsv(
  rows: readonly AttendeeRow[],
  questions: readonly Pick<EventQuestion, 'id' | 'label' | 'kind'>[] = [],
): string {
  return toCsv(
    [
      m.name,
      m.temple,
      m.regional,
      m.method,
      m.status,
      m.date,
      `${m.value} (R$)`,
      ...questions.map((q) => q.label),
    ],
    rows.map((r) => [
      r.name,
      templeLabel(r.temple_name, r.regional),
      regionalLabel(r.regional),
      methodLabel(r.strategy),
      statusLabel(r.status),
      formatDateTime(r.created_at),
      csvMoney(r.frozen_value),
      ...questions.map((q) => answerText(q.kind, r.answers?.[q.id])),
    ]),
  );
}

/** The treasurer's CSV of received payments: date, code, person, method, amount, txid, status, refunded. */
export function receivedPaymentsCsv(rows: readonly ReceivedPayment[]): string {
  return toCsv(
    [
      pix.csvDate,
      pix.csvCode,
      pix.csvPerson,
      pix.csvMethod,
      pix.csvAmount,
      pix.csvTxid,
      pix.csvStatus,
      `${m.refunded} (R$)`,
    ],
    rows.map((r) => [
      formatDateTime(r.paid_at),
      formatManualCode(r.registration_code),
      r.name,
      methodLabel(r.strategy),
      csvMoney(r.amount),
      r.transaction_id,
      statusLabel(r.status),
      csvMoney(r.refunded),
    ]),
  );
}

export function receivedPaymentsCsvName(eventTitle: string): string {
  return pix.receivedCsvName(fileSlug(eventTitle));
}

// ───────────────────────────── badges ─────────────────────────────

/** Badges per A4 sheet (2 columns × 4 rows of 100 × 70 mm). */
export const BADGES_PER_SHEET = 8;

export function badgeSheets<T>(rows: readonly T[]): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < rows.length; i += BADGES_PER_SHEET) sheets.push(rows.slice(i, i + BADGES_PER_SHEET));
  return sheets;
}

/**
 * What a badge's QR encodes: the ticket's own content (`checkin:{registrationId}`) when `code` is a
 * registration id, so the door scans a badge as it scans the ticket; a 6-digit manual code is drawn
 * as ###-###, which the door also reads (for the event chosen there).
 */
export function badgeQrContent(code: string): string | null {
  const text = code.trim();
  if (isUuid(text)) return ticketQrContent(text.toLowerCase());
  const digits = text.replace(/\D/g, '');
  if (digits.length === 6 && /^\d{3}-?\d{3}$/.test(text)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return null;
}
