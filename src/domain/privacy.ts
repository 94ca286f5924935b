/**
 * Data rights (LGPD): the consents the app asks for, the member's own profile edits and account
 * deletion, as valibot schemas shared by the browser forms and the API. Pure: no DOM, no Node or Deno.
 */
import * as v from 'valibot';
import { validationMessages as m } from './messages/validation.ts';
import { profileBirthDateSchema } from './minors.ts';
import { churchChoiceEntries, fullNameSchema, phoneSchema, withChurchChoice } from './validation.ts';

/** What a consent is for; 'congregation': organising events and reports by congregation. */
export const CONSENT_PURPOSES = ['congregation'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * The version of the consent text the person sees (src/domain/messages/privacy.ts `consentLabel`).
 * Change it whenever that text or the privacy page's purpose changes: each stored consent keeps it.
 */
export const CONSENT_TEXT_VERSION = '2026-11-27';

/** Receipts are deleted this many days after their event when the server is not told otherwise. */
export const DEFAULT_RECEIPT_RETENTION_DAYS = 180;

/**
 * PATCH /v1/me/profile: the member's own name, WhatsApp and congregation (or other church, or none).
 * A congregation or church is kept only with the consent ticked; the CPF and the e-mail are not here
 * (the CPF only staff change; the e-mail through auth's confirmation).
 */
export const profileUpdateSchema = withChurchChoice(
  v.object(
    {
      name: fullNameSchema,
      phone: phoneSchema,
      ...churchChoiceEntries,
      /** 'YYYY-MM-DD', '' to clear; events with age rules read it (src/domain/minors.ts) */
      birthDate: profileBirthDateSchema,
    },
    m.required,
  ),
  { required: false },
);
export type ProfileUpdateInput = v.InferInput<typeof profileUpdateSchema>;
export type ProfileUpdateBody = v.InferOutput<typeof profileUpdateSchema>;

/**
 * POST /v1/me/delete: the account's password, or none when the person signed in again a moment ago
 * (accounts without a password, e.g. Google's).
 */
export const deleteAccountSchema = v.object(
  {
    password: v.optional(v.pipe(v.string(m.required), v.maxLength(72, m.passwordMax))),
  },
  m.required,
);
export type DeleteAccountBody = v.InferOutput<typeof deleteAccountSchema>;

/** A sign-in this recent (seconds) counts as re-authentication for deleting an account. */
export const REAUTH_WINDOW_SECONDS = 10 * 60;

/** One consent as GET /v1/me/consents and the export list it. */
export interface ConsentRecord {
  id: string;
  purpose: ConsentPurpose;
  text_version: string;
  given_at: string;
  revoked_at: string | null;
}

/** GET /v1/privacy: who controls the data and how long receipts are kept. */
export interface PrivacyInfo {
  controller_email: string;
  receipt_retention_days: number;
}
