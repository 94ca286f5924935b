import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authApiErrors } from '../../../src/domain/messages/auth.ts';
import { caravanApiErrors } from '../../../src/domain/messages/caravans.ts';
import { checkoutApiErrors } from '../../../src/domain/messages/checkout.ts';
import { editorApiErrors } from '../../../src/domain/messages/editor.ts';
import { minorApiErrors } from '../../../src/domain/messages/minors.ts';
import { privacyApiErrors } from '../../../src/domain/messages/privacy.ts';
import { questionApiErrors } from '../../../src/domain/messages/questions.ts';
import { refundApiErrors } from '../../../src/domain/messages/refunds.ts';
import { staffApiErrors } from '../../../src/domain/messages/staff.ts';
import { waitlistApiErrors } from '../../../src/domain/messages/waitlist.ts';
import { type ApiErrorCode, apiErrors } from '../../../src/domain/messages.ts';
import type { ApiError } from '../../../src/domain/types.ts';

/** The pt-BR text of every API error code: the one table (the browser loads each area's own codes with that area). */
export const errorMessages: Record<ApiErrorCode, string> = {
  ...apiErrors,
  ...authApiErrors,
  ...caravanApiErrors,
  ...checkoutApiErrors,
  ...editorApiErrors,
  ...minorApiErrors,
  ...privacyApiErrors,
  ...refundApiErrors,
  ...questionApiErrors,
  ...staffApiErrors,
  ...waitlistApiErrors,
};

/** A failure the API answers with its one error shape `{code, message}`. */
export class ApiHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message?: string,
    /** a 429's seconds to wait, sent as Retry-After */
    readonly retryAfter?: number,
    /** facts the client acts on, next to code and message (e.g. the registration holding a CPF) */
    readonly extra?: Record<string, string>,
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'ApiHttpError';
  }

  toBody(): ApiError {
    return { ...this.extra, code: this.code, message: this.message };
  }
}

export const invalidData = (message?: string) => new ApiHttpError(400, 'INVALID_DATA', message);
export const unauthorized = () => new ApiHttpError(401, 'UNAUTHORIZED');
export const forbidden = () => new ApiHttpError(403, 'FORBIDDEN');
export const notFound = (code: ApiErrorCode = 'NOT_FOUND') => new ApiHttpError(404, code);
export const conflict = (code: ApiErrorCode) => new ApiHttpError(409, code);

export function errorJson(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message?: string) {
  const body: ApiError = { code, message: message ?? errorMessages[code] };
  return c.json(body, status);
}

/** Postgres error code of a driver error (PGlite and postgres.js both expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return undefined;
}

/** Constraint name of a driver error, when given. */
export function pgConstraint(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { constraint?: unknown; constraint_name?: unknown };
  const name = e.constraint ?? e.constraint_name;
  return typeof name === 'string' ? name : undefined;
}
