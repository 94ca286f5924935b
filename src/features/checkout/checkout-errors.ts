/** The top notice of a failed checkout call: the spec's text for its code (§8), else the server's. */

import { checkoutApiErrors } from '../../domain/messages/checkout.ts';
import { apiErrors } from '../../domain/messages.ts';

const SPEC_CODES = [
  'INVALID_PAYMENT_METHOD',
  'TIER_UNAVAILABLE',
  'PIX_FAIL',
  'ALREADY_REGISTERED',
  'PROFILE_INCOMPLETE',
] as const;

export function checkoutErrorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'INVALID_DATA') return apiErrors.INVALID_DATA;
  if ((SPEC_CODES as readonly string[]).includes(code))
    return checkoutApiErrors[code as (typeof SPEC_CODES)[number]];
  // INVALID_TIER_OR_EVENT carries the reason when the API has one (e.g. the Fastpass closing time)
  if (typeof e?.message === 'string' && e.message) return e.message;
  return apiErrors.INTERNAL;
}
