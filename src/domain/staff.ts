/**
 * The staff's people tools, shared by the browser and the API: the user search (`/admin/users`,
 * GET /v1/admin/users/search), a person's page, roles, the audit, the third-party signup
 * (POST /v1/admin/single-page-signup) and the password reset (POST /v1/admin/pwd-reset).
 */
import * as v from 'valibot';
import { formatDateTime } from './dates.ts';
import { staffMessages } from './messages/staff.ts';
import { validationMessages as m } from './messages/validation.ts';
import { voucherCodeSchema } from './registrations.ts';
import { tierStatus } from './tiers.ts';
import type { ConfirmationStatus, PaymentMethod, Permission, RegistrationStatus } from './types.ts';
import { emailSchema, fullNameSchema, passwordSchema } from './validation.ts';

/** Rows a search page holds (spec: 20 a page). */
export const USER_SEARCH_PAGE_SIZE = 20;
/** The search waits this long after the last keystroke (spec: 300 ms). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** The roles the database seeds; staff grant and revoke only these. */
export const SEEDED_ROLES = ['admin', 'secretaria', 'lider', 'voluntario'] as const;
export type SeededRole = (typeof SEEDED_ROLES)[number];

const uuid = v.pipe(v.string(), v.uuid());
const optionalUuid = v.pipe(
  v.optional(v.union([v.literal(''), uuid]), ''),
  v.transform((x) => (x ? x : null)),
);

/** Query of GET /v1/admin/users/search: `q` (any part of name, e-mail, CPF or phone), `temple_id`, `page` (1…). */
export const userSearchQuerySchema = v.object({
  q: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100)),
  temple_id: optionalUuid,
  page: v.pipe(
    v.optional(v.string(), '1'),
    v.regex(/^[1-9][0-9]{0,4}$/),
    v.transform((s) => Number(s)),
  ),
});
export type UserSearchQuery = v.InferOutput<typeof userSearchQuerySchema>;

export interface UserSearchRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  temple_id: string | null;
  temple_name: string | null;
  roles: string[];
}

export interface UserSearchPage {
  items: UserSearchRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PersonConfirmation {
  id: string;
  strategy: PaymentMethod;
  status: ConfirmationStatus;
  created_at: string;
}

export interface PersonRegistration {
  id: string;
  seq: string;
  status: RegistrationStatus;
  created_at: string;
  event_id: string;
  event_title: string;
  tier_name: string;
  frozen_value: number;
  /** newest first */
  attempts: PersonConfirmation[];
  /**
   * the answers to the event's questions, in the questions' order (a sensitive one only for staff
   * with read_sensitive; `hidden` counts those left out)
   */
  answers: { question: string; text: string; sensitive: boolean }[];
  hidden: number;
  /** a minor's guardian consent, null when none is needed */
  guardian: {
    name: string;
    state: 'pending' | 'authorized' | 'refused';
    decided_by: 'link' | 'paper' | null;
  } | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  details: Record<string, unknown>;
  client_ip: string | null;
  created_at: string;
  actor_name: string | null;
  actor_email: string | null;
}

export interface RoleInfo {
  name: string;
  description: string | null;
  permissions: Permission[];
}

/** GET /v1/admin/users/:id: the person's page. `audit` and `availableRoles` only for an admin. */
export interface PersonDetail {
  profile: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    cpf: string | null;
    temple_id: string | null;
    temple_name: string | null;
    other_church: string | null;
    /** 'YYYY-MM-DD' */
    birth_date: string | null;
  };
  roles: string[];
  registrations: PersonRegistration[];
  /** what the viewer may do here */
  canManageRoles: boolean;
  availableRoles: RoleInfo[];
  audit: AuditEntry[] | null;
}

export const userParamSchema = v.object({ id: uuid });
export const roleParamSchema = v.object({ id: uuid, role: v.picklist(SEEDED_ROLES) });

/** Body of POST /v1/admin/single-page-signup (product-spec.md §7: email, tier, temple_id, voucher). */
export const singlePageSignupSchema = v.pipe(
  v.object({
    email: emailSchema,
    tier: v.pipe(v.string(m.required), v.uuid(m.required)),
    temple_id: v.pipe(
      v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.uuid(m.temple))]))),
      v.transform((x) => (x ? x : null)),
    ),
    voucher: v.pipe(
      v.optional(v.nullable(v.string()), ''),
      v.transform((x) => (x ?? '').trim()),
      v.union([v.literal(''), voucherCodeSchema]),
    ),
    /** a new account's name (optional; the e-mail's first part otherwise) */
    name: v.pipe(
      v.optional(v.nullable(v.string()), ''),
      v.transform((x) => (x ?? '').trim()),
      v.union([v.literal(''), fullNameSchema]),
    ),
    /** 'Atualizar templo': an existing person's congregation becomes temple_id */
    update_temple: v.optional(v.boolean(), false),
    /** staff confirm the person, at the desk, agreed to the change of congregation */
    temple_consent: v.optional(v.boolean(), false),
    /** answers to the event's questions (the same rules as the member's checkout) */
    answers: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
    /**
     * on an event with age rules: the person's birth date and, under 18 where the event asks it,
     * the guardian {name, cpf, email} (src/domain/minors.ts checks them, as at the checkout)
     */
    birth_date: v.optional(v.pipe(v.string(), v.maxLength(10))),
    guardian: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(254)))),
  }),
  // a person's congregation changes only with their consent, given at the desk and recorded
  v.forward(
    v.partialCheck(
      [['update_temple'], ['temple_consent']],
      (x) => !x.update_temple || x.temple_consent === true,
      staffMessages.templeConsentRequired,
    ),
    ['temple_consent'],
  ),
);
export type SinglePageSignupBody = v.InferOutput<typeof singlePageSignupSchema>;
export type SinglePageSignupInput = v.InferInput<typeof singlePageSignupSchema>;

export interface SinglePageSignupResult {
  user_id: string;
  /** a new account (else an existing one was found by its e-mail) */
  created: boolean;
  /** an invitation e-mail went out (a new account, or one whose e-mail was never confirmed) */
  invited: boolean;
  /** the person's name and e-mail as the account has them */
  name: string;
  email: string;
  registration_id: string;
  status: ConfirmationStatus;
  strategy: PaymentMethod;
  /** a minor's registration waits for the guardian's link (or staff's record of a paper authorization) */
  guardian: 'pending' | null;
}

/** What the third-party signup needs of a tier to say whether it takes a registration now. */
export interface SignupTierTiming {
  name: string;
  starts_at: string | null;
  ends_at: string | null;
  available: number | null;
}

/**
 * Why a tier cannot take a registration now (not begun, ended, sold out: product-spec.md §4's tier
 * status), in pt-BR, or null when it can. The signup screen marks such tiers with it and the API
 * refuses with it.
 */
export function signupTierProblem(tier: SignupTierTiming, now: Date): string | null {
  switch (tierStatus(tier, now)) {
    case 'WAITING':
      return staffMessages.tierWaiting(tier.name, formatDateTime(tier.starts_at!));
    case 'FINISHED':
      return staffMessages.tierFinished(tier.name, formatDateTime(tier.ends_at!));
    case 'SOLD_OUT':
      return staffMessages.tierSoldOut(tier.name);
    case 'AVAILABLE':
      return null;
  }
}

/** GET /v1/admin/single-page-signup/lookup?email=: whether the e-mail has an account, and its congregation. */
export const signupLookupQuerySchema = v.object({ email: emailSchema });
export interface SignupLookup {
  exists: boolean;
  name: string | null;
  temple_id: string | null;
  temple_name: string | null;
}

/** The events staff may sign someone up to, each with its tiers. */
export interface SignupEventOption {
  id: string;
  title: string;
  starts_at: string;
  parent_title: string | null;
  tiers: {
    id: string;
    name: string;
    price: number;
    available: number | null;
    total: number | null;
    starts_at: string | null;
    ends_at: string | null;
  }[];
}

/** Body of POST /v1/admin/pwd-reset (product-spec.md §7: email, pwd; the new password at least 6 characters). */
export const pwdResetSchema = v.object({ email: emailSchema, pwd: passwordSchema });
export type PwdResetBody = v.InferOutput<typeof pwdResetSchema>;
