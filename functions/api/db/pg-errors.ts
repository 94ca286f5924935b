/**
 * The one table from PostgreSQL constraint names to the API's errors, and the generic answers for the
 * other integrity and data errors, so bad input never becomes a 500. Use it where a statement can
 * violate a constraint (`catch (e) { throw errorFromPg(e) ?? e }`, or `rethrowPg`) or once in the
 * app's error handler. PGlite and postgres.js both give `code`; the constraint is `constraint`
 * (PGlite) or `constraint_name` (postgres.js), as `pgConstraint` reads it.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validationMessages } from '../../../src/domain/messages/validation.ts';
import type { ApiErrorCode } from '../../../src/domain/messages.ts';
import { ApiHttpError, pgConstraint, pgErrorCode } from '../lib/errors.ts';
import type { ConstraintName } from './schema.gen.ts';

export interface PgErrorAnswer {
  status: ContentfulStatusCode;
  code: ApiErrorCode;
  /** pt-BR text; the code's own text when absent. */
  message?: string;
}

const eventNotFound: PgErrorAnswer = { status: 404, code: 'EVENT_NOT_FOUND' };

/**
 * Constraint (or unique index) → answer. Names are checked against the migrations by the type
 * (`ConstraintName` is generated), plus Supabase's own name for the auth e-mail index.
 */
export const CONSTRAINT_ERRORS: Partial<Record<ConstraintName | 'users_email_partial_key', PgErrorAnswer>> = {
  // one active registration per user and event (partial unique index)
  registrations_one_active_idx: { status: 409, code: 'ALREADY_REGISTERED' },
  // capacity: `available - 1` below zero (or above total)
  pricing_tiers_available_range: { status: 409, code: 'TIER_UNAVAILABLE' },
  // the tier does not belong to the registration's event
  registrations_tier_event_fkey: { status: 422, code: 'INVALID_TIER_OR_EVENT' },
  vouchers_tier_id_fkey: { status: 422, code: 'INVALID_TIER_OR_EVENT' },
  profiles_cpf_key: { status: 409, code: 'CPF_ALREADY_REGISTERED' },
  profiles_cpf_check: { status: 400, code: 'INVALID_DATA', message: validationMessages.cpf },
  profiles_phone_check: { status: 400, code: 'INVALID_DATA', message: validationMessages.phone },
  profiles_name_check: { status: 400, code: 'INVALID_DATA', message: validationMessages.fullName },
  profiles_temple_id_fkey: { status: 400, code: 'INVALID_DATA', message: validationMessages.temple },
  events_external_redirect_http: {
    status: 400,
    code: 'INVALID_DATA',
    message: validationMessages.externalRedirect,
  },
  tags_name_key: { status: 409, code: 'TAG_NAME_TAKEN' },
  users_email_key: { status: 409, code: 'EMAIL_ALREADY_REGISTERED' },
  users_email_partial_key: { status: 409, code: 'EMAIL_ALREADY_REGISTERED' },
  // rows that hang from an event that does not exist (or no longer does)
  registrations_event_id_fkey: eventNotFound,
  pricing_tiers_event_id_fkey: eventNotFound,
  events_parent_id_fkey: eventNotFound,
  event_tags_event_id_fkey: eventNotFound,
  event_speakers_event_id_fkey: eventNotFound,
  event_venues_event_id_fkey: eventNotFound,
  event_files_event_id_fkey: eventNotFound,
  checkins_event_id_fkey: eventNotFound,
  vouchers_event_id_fkey: eventNotFound,
};

/** Answers by SQLSTATE when no constraint is mapped (class 22 is covered as a whole: bad values). */
const CODE_ERRORS: Record<string, PgErrorAnswer> = {
  '23505': { status: 409, code: 'INVALID_DATA' }, // unique_violation
  '23001': { status: 409, code: 'INVALID_DATA' }, // restrict_violation: history (registrations...) is kept
  '23503': { status: 404, code: 'NOT_FOUND' }, // foreign_key_violation: the referenced row is missing
  '23514': { status: 400, code: 'INVALID_DATA' }, // check_violation
  '23502': { status: 400, code: 'INVALID_DATA' }, // not_null_violation
  '23P01': { status: 409, code: 'INVALID_DATA' }, // exclusion_violation
};

function detailOf(error: unknown): string {
  const e = error as { detail?: unknown };
  return typeof e?.detail === 'string' ? e.detail : '';
}

/** What a constraint or data error means for the API, or null (not a database error we can explain). */
export function pgErrorAnswer(error: unknown): PgErrorAnswer | null {
  const code = pgErrorCode(error);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return null;
  // deleting (or re-keying) a row others still reference: a conflict, whatever the constraint
  if (code === '23503' && /is still referenced/.test(detailOf(error))) {
    return { status: 409, code: 'INVALID_DATA' };
  }
  if (code.startsWith('23')) {
    const name = pgConstraint(error);
    const mapped = name ? CONSTRAINT_ERRORS[name as ConstraintName] : undefined;
    if (mapped) return mapped;
  }
  const generic = CODE_ERRORS[code];
  if (generic) return generic;
  // 22xxx data exception: invalid text representation (bad uuid, 22P02), string too long (22001),
  // numeric out of range (22003), bad date/time (22007/22008), NUL byte in text (22021), ...
  if (code.startsWith('22')) return { status: 400, code: 'INVALID_DATA' };
  return null;
}

/** The ApiHttpError for a PGlite/postgres.js error, or null when it is not one the table explains. */
export function errorFromPg(error: unknown): ApiHttpError | null {
  if (error instanceof ApiHttpError) return error;
  const answer = pgErrorAnswer(error);
  return answer ? new ApiHttpError(answer.status, answer.code, answer.message) : null;
}

/** For catch blocks: throws the mapped ApiHttpError, or the error itself. */
export function rethrowPg(error: unknown): never {
  throw errorFromPg(error) ?? error;
}
