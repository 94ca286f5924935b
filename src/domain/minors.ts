/**
 * Minors (LGPD art. 14): the age on the event's day (São Paulo), whether an event needs a
 * guardian's consent for this person, and the guardian's fields. Pure; shared by browser and API.
 */
import * as v from 'valibot';
import { SAO_PAULO_OFFSET_MS } from './events.ts';
import { minorMessages } from './messages/minors.ts';
import { cpfSchema, emailSchema, fullNameSchema, onlyDigits } from './validation.ts';

export const ADULT_AGE = 18;

/** Age in whole years on the day `at` falls on in São Paulo; birthDate is 'YYYY-MM-DD'. */
export function ageOn(birthDate: string, at: Date | string): number {
  const day = new Date(new Date(at).getTime() + SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface MinorRules {
  min_age: number | null;
  guardian_consent: boolean;
}

/** Whether the event asks for a birth date at all. */
export const asksAge = (e: MinorRules) => e.min_age !== null || e.guardian_consent;

/** The guardian's fields (not the minor's own CPF or e-mail: the API checks that too). */
export const guardianSchema = v.object({
  name: fullNameSchema,
  cpf: cpfSchema,
  email: emailSchema,
});
export type Guardian = v.InferOutput<typeof guardianSchema>;

/** 'YYYY-MM-DD' of a real day. */
export const birthDateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Insira uma data válida'),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
  }, 'Insira uma data válida'),
);

/**
 * The profile's birth date (PATCH /v1/me/profile): a real day, not after today; '' clears it and
 * leaving it out keeps the one stored. An event with age rules reads it at checkout.
 */
export const profileBirthDateSchema = v.pipe(
  v.optional(v.nullable(v.string())),
  v.transform((s) => (s === undefined ? undefined : (s ?? '').trim())),
  v.union([v.undefined(), v.literal(''), birthDateSchema]),
  v.check((s) => !s || s <= new Date().toISOString().slice(0, 10), minorMessages.birthDateFuture),
  v.transform((s) => (s === '' ? null : s)),
);

export const sameCpf = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && onlyDigits(a) === onlyDigits(b));
