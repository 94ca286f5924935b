import type { Context } from 'hono';
import type { ApiErrorCode } from '../../../src/domain/messages.ts';
import { retryText, SIGNUP_PER_ADDRESS } from '../../../src/domain/throttles.ts';
import { takeHit } from '../adapters/throttle-store.ts';
import type { AppEnv } from './context.ts';
import { ApiHttpError, errorMessages } from './errors.ts';

/** The 429 of a throttle: its code's pt-BR text with the wait, and Retry-After. */
export function tooMany(c: Context<AppEnv>, code: ApiErrorCode, seconds: number): ApiHttpError {
  c.header('Retry-After', String(seconds));
  return new ApiHttpError(429, code, `${errorMessages[code]} Tente novamente em ${retryText(seconds)}.`);
}

/**
 * The client's address as the platform gives it: the first entry of X-Forwarded-For (Supabase's
 * gateway sets it; the local host replaces it with the address it trusts, see README TRUST_PROXY).
 */
export function clientAddress(c: Context<AppEnv>): string {
  const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return first || 'unknown';
}

export { retryText, signupLimit } from '../../../src/domain/throttles.ts';
export { takeHit } from '../adapters/throttle-store.ts';

/** Throttles of the API: hits per window (seconds). */
export const THROTTLES = {
  /** receipt uploads per member */
  receiptPerUser: { max: 10, window: 60 },
  /** voucher codes tried per member and per client address */
  voucherPerUser: { max: 10, window: 60 },
  voucherPerAddress: { max: 30, window: 60 },
  /** signups per client address (SIGNUP_LIMIT may change the 10: signupLimit) */
  signupPerAddress: SIGNUP_PER_ADDRESS,
} as const;

/** Takes a hit of each key; throws the 429 of `code` when any is over its limit. */
export async function throttle(
  c: Context<AppEnv>,
  code: ApiErrorCode,
  checks: { key: string; limit: { max: number; window: number } }[],
): Promise<void> {
  const { db, clock } = c.get('ports');
  const now = clock.now();
  for (const { key, limit } of checks) {
    const wait = await takeHit(db, key, limit.max, limit.window, now);
    if (wait !== null) throw tooMany(c, code, wait);
  }
}

/** Guessing voucher codes (at checkout or on a pending attempt): 10 a minute per member, 30 per client address. */
export async function throttleVoucherGuess(c: Context<AppEnv>): Promise<void> {
  const address = clientAddress(c);
  await throttle(c, 'VOUCHER_RATE_LIMITED', [
    { key: `voucher:user:${c.get('user').id}`, limit: THROTTLES.voucherPerUser },
    ...(address === 'unknown' ? [] : [{ key: `voucher:ip:${address}`, limit: THROTTLES.voucherPerAddress }]),
  ]);
}
