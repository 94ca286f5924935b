/**
 * Caravans: a signed-in member (the leader) registers several people on one tier in one checkout,
 * one payment for the total. Each person gets their own registration and ticket (the guest's name,
 * CPF and optional e-mail on it; it belongs to the leader's account until the person claims it with
 * an account of the same e-mail). At the door the leader's group QR lists the caravan. Shared by the
 * browser (the form) and the API (the authority).
 */
import * as v from 'valibot';

export { CARAVAN_LIMITS } from './caravan-limits.ts';

import { caravanMessages as m } from './messages/caravans.ts';
import { cpfSchema, emailSchema, fullNameSchema } from './validation.ts';

/** People in one caravan checkout. */
export const CARAVAN_MIN = 2;
export const CARAVAN_MAX = 20;

/** What a group QR encodes: `checkin:grupo:{groupId}`. */
export const GROUP_QR_PREFIX = 'checkin:grupo:';

export function groupQrContent(groupId: string): string {
  return `${GROUP_QR_PREFIX}${groupId}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The group a scanned code names (`checkin:grupo:{uuid}`), or null for any other code. */
export function parseGroupCode(raw: string): string | null {
  const text = raw.trim();
  if (!text.toLowerCase().startsWith(GROUP_QR_PREFIX)) return null;
  const id = text.slice(GROUP_QR_PREFIX.length).trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/** A caravan's people at the door, as the leader's QR lists them: who may still come in. */
export interface DoorGroupPerson {
  id: string;
  name: string;
  paid: boolean;
  checked_in_at: string | null;
}

/** The people the door may admit now (paid, not in yet). */
export function admittable(people: readonly DoorGroupPerson[]): DoorGroupPerson[] {
  return people.filter((p) => p.paid && !p.checked_in_at);
}

const optionalEmail = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.union([v.literal(''), emailSchema]),
  v.transform((s) => (s === '' ? null : s)),
);

export const caravanPersonSchema = v.object({
  name: fullNameSchema,
  cpf: cpfSchema,
  email: optionalEmail,
  /** this person's answers to the event's questions (the rules of src/domain/questions.ts) */
  answers: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
  /**
   * on an event with age rules: 'YYYY-MM-DD', and under 18 where the event asks it, the guardian
   * {name, cpf, email} (src/domain/minors.ts checks them, as at the member's checkout)
   */
  birth_date: v.optional(v.pipe(v.string(), v.maxLength(10))),
  guardian: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(254)))),
});
export type CaravanPerson = v.InferOutput<typeof caravanPersonSchema>;

/** Body of POST /v1/checkout/{eventId}/{tierId}/caravan: the people and the method (no amount). */
export const caravanBodySchema = v.pipe(
  v.object({
    tierId: v.pipe(v.string(), v.uuid()),
    paymentMethod: v.optional(v.pipe(v.string(), v.maxLength(32))),
    transactionData: v.optional(v.record(v.string(), v.unknown())),
    people: v.pipe(
      v.array(caravanPersonSchema),
      v.minLength(CARAVAN_MIN, m.minPeople),
      v.maxLength(CARAVAN_MAX, m.maxPeople(CARAVAN_MAX)),
    ),
  }),
  v.check(
    (body) => duplicateCpfRow(body.people) === null,
    (issue) => m.duplicateCpf(duplicateCpfRow((issue.input as { people: { cpf: string }[] }).people) ?? 0),
  ),
);
export type CaravanBody = v.InferOutput<typeof caravanBodySchema>;

/** The 1-based row whose CPF repeats an earlier row's, or null. */
export function duplicateCpfRow(people: readonly { cpf: string }[]): number | null {
  const seen = new Set<string>();
  for (const [i, p] of people.entries()) {
    if (seen.has(p.cpf)) return i + 1;
    seen.add(p.cpf);
  }
  return null;
}

/**
 * Body of PUT /v1/admin/events/{id}/caravan-limits (write_events): the people one leader may hold
 * unpaid on the event, and the hours an unpaid cash caravan keeps its places.
 */
export const caravanLimitsBodySchema = v.object({
  unpaidPerLeader: v.pipe(
    v.number(m.unpaidPerLeader),
    v.integer(m.unpaidPerLeader),
    v.minValue(2, m.unpaidPerLeader),
    v.maxValue(1000, m.unpaidPerLeader),
  ),
  cashHoldHours: v.pipe(
    v.number(m.cashHoldHours),
    v.integer(m.cashHoldHours),
    v.minValue(1, m.cashHoldHours),
    v.maxValue(720, m.cashHoldHours),
  ),
});
export type CaravanLimitsBody = v.InferOutput<typeof caravanLimitsBodySchema>;
/** The event's caravan limits as GET/PUT /v1/admin/events/{id}/caravan-limits answer them. */
export interface CaravanLimits {
  unpaid_per_leader: number;
  cash_hold_hours: number;
}

/** The group as the member's registrations answer carries it on each of its registrations. */
export interface RegistrationGroupInfo {
  id: string;
  people: number;
  frozen_total: number;
  leader: boolean;
}

/** A guest's part of a registration (null when it is the account holder's own). */
export interface GuestInfo {
  name: string;
  email: string | null;
}

/**
 * The leader's list with each caravan once: the guests' registrations of one group collapse into
 * the one holding the group's payment attempt (its card opens the payment and the group's tickets);
 * every other registration stays.
 */
export function collapseCaravans<
  R extends {
    group?: { id: string } | null;
    guest?: unknown;
    confirmations?: readonly { request_data: Record<string, unknown> | null }[];
  },
>(rows: readonly R[]): R[] {
  const shown = new Map<string, R>();
  for (const r of rows) {
    if (!r.group || !r.guest) continue;
    const payer = r.confirmations?.[0] && !r.confirmations[0].request_data?.group_id;
    if (!shown.has(r.group.id) || payer) shown.set(r.group.id, r);
  }
  return rows.filter((r) => !r.group || !r.guest || shown.get(r.group.id) === r);
}

/** The registrations of the group `groupId` the leader holds, by name. */
export function caravanMembers<R extends { group?: { id: string } | null; guest?: { name: string } | null }>(
  rows: readonly R[],
  groupId: string,
): R[] {
  return rows
    .filter((r) => r.group?.id === groupId && r.guest)
    .sort((a, b) => a.guest!.name.localeCompare(b.guest!.name, 'pt-BR'));
}
