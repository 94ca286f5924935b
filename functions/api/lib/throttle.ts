import type { Context } from 'hono';
import type { ApiErrorCode } from '../../../src/domain/messages.ts';
import type { Db } from '../ports/db.ts';
import type { AppEnv } from './context.ts';
import { ApiHttpError, errorMessages } from './errors.ts';

/**
 * Counts a hit of `key` in its fixed window (public.api_throttles, one upsert: safe under
 * concurrency and shared by every instance of the function). Answers the seconds until the window
 * ends when the key was already at `max`, else null.
 */
export async function takeHit(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<number | null> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db.query<{ hits: number }>(
    `insert into public.api_throttles (key, window_start, hits) values ($1, $2, 1)
     on conflict (key, window_start) do update set hits = public.api_throttles.hits + 1
     returning hits`,
    [key, new Date(start).toISOString()],
  );
  // old windows are dropped now and then (about one hit in a hundred)
  if (Math.random() < 0.01) {
    await db.query(`delete from public.api_throttles where window_start < $1`, [
      new Date(now.getTime() - 86_400_000).toISOString(),
    ]);
  }
  if ((row?.hits ?? 0) <= max) return null;
  return Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
}

/**
 * The seconds until the window of `key` ends when it already holds `max` hits, else null; counts
 * nothing (for limits that count only failures: looked at first, hit when the failure comes).
 */
export async function peekHits(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<number | null> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db.query<{ hits: number }>(
    'select hits from public.api_throttles where key = $1 and window_start = $2',
    [key, new Date(start).toISOString()],
  );
  if ((row?.hits ?? 0) < max) return null;
  return Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
}

/** "em N segundos" / "em N minutos" for a 429 message. */
export function retryText(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes === 1 ? '' : 's'}`;
}

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

/** Throttles of the API: hits per window (seconds). */
export const THROTTLES = {
  /** receipt uploads per member */
  receiptPerUser: { max: 10, window: 60 },
  /** voucher codes tried per member and per client address */
  voucherPerUser: { max: 10, window: 60 },
  voucherPerAddress: { max: 30, window: 60 },
  /** caravans refused (a CPF already registered on the event) per member: each refusal names a row */
  caravanRefusedPerUser: { max: 10, window: 60 * 60 },
  /** signups per client address */
  signupPerAddress: { max: 10, window: 15 * 60 },
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
