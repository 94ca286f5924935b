/**
 * The API's fetch plumbing without the typed client (hono/client stays out of the first load): the
 * user's token, failures as ApiFailure, the first read's hand-over, `unwrap`, and the public reads.
 */
import type { ClientResponse } from 'hono/client';
import { apiErrors } from '../domain/messages.ts';
import type { FirstRead } from '../first-read.ts';
import { supabaseUrl } from './config.ts';
import { sessionRejected } from './session-end.ts';
import { readStoredSession } from './stored-session.ts';
import { supabaseAuth } from './supabase.ts';

export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

/** A failed API call, with the API's code and pt-BR message (or NETWORK when it never answered). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** what else the error answer carried (e.g. the registration a CPF_IN_CARAVAN names) */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** supabase-js refreshes a session this long before it expires; so do we (its EXPIRY_MARGIN_MS). */
const EXPIRY_MARGIN_MS = 90_000;

/**
 * The signed-in user's access token, read straight from supabase-js's storage so that guests'
 * public reads never wait for the SDK (about 54 KiB). The SDK is loaded only for a token close to
 * expiry (it refreshes it); without a stored session no user token is sent.
 */
export async function accessToken(now = Date.now()): Promise<string | null> {
  const stored = readStoredSession();
  if (!stored) return null;
  if (typeof stored.access_token !== 'string') return null;
  const expiresAt = typeof stored.expires_at === 'number' ? stored.expires_at * 1000 : 0;
  if (expiresAt - now > EXPIRY_MARGIN_MS) return stored.access_token;
  const { data } = await (await supabaseAuth()).getSession();
  return data.session?.access_token ?? null;
}

export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await (takeFirstRead(input) ?? fetch(input, init));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiFailure(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  // the user's token refused: the session may have ended on the server (lib/session-end.ts)
  if (response.status === 401 && sentBearer(input, init)) void sessionRejected();
  return response;
}

function sentBearer(input: RequestInfo | URL, init?: RequestInit): boolean {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return /^Bearer\s/i.test(headers.get('authorization') ?? '');
}

/** How long the answer fetched by `src/first-read.ts` stays the answer to the same read. */
const FIRST_READ_MAX_AGE_MS = 30_000;

/**
 * The read `src/first-read.ts` started before the app's JS ran, if this is that request: handed
 * over once, so a later refresh asks the network again.
 */
export function takeFirstRead(input: RequestInfo | URL, now = Date.now()): Promise<Response> | null {
  const holder = globalThis as { congregaFirstRead?: FirstRead };
  const first = holder.congregaFirstRead;
  if (!first || first.url !== String(input)) return null;
  holder.congregaFirstRead = undefined;
  return now - first.at <= FIRST_READ_MAX_AGE_MS ? first.response : null;
}

/** The success body of a typed call (routes answer errors by throwing, so only 2xx are typed). */
export type ApiBody<R> = R extends ClientResponse<infer T> ? T : never;

/** Awaits a typed call: its JSON body when 2xx, else an ApiFailure with the API's code and message. */
export async function unwrap<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<ApiBody<R>> {
  const res = await request;
  const text = await res.text().catch(() => '');
  const json: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (json ?? {}) as { code?: string; message?: string };
    throw new ApiFailure(
      res.status,
      err.code ?? 'INTERNAL',
      err.message ?? apiErrors.INTERNAL,
      typeof json === 'object' && json && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
    );
  }
  return json as ApiBody<R>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A public read (`/v1/events…`), sending no header at all: the answer is the same for everyone, so
 * it never waits for a session, a cross-origin GET needs no preflight, and the early read of
 * `src/first-read.ts` (also without headers, the same URL) can stand for it. These answers are
 * cacheable (`public, max-age=0, s-maxage, stale-while-revalidate`, for a CDN): `no-cache` makes the
 * browser ask every time (a 304 when unchanged) instead of showing a stale copy it may keep.
 * A plain fetch, not the typed client, so that the guest's first screen does not load hono/client.
 */
export async function getPublic<T>(path: `/v1/events${string}`): Promise<T> {
  const response = apiFetch(`${supabaseUrl()}/functions/v1/api${path}`, { cache: 'no-cache' });
  return (await unwrap(response as Promise<ClientResponse<T>>)) as T;
}
