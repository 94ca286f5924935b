/** Test data for the store tests (not shipped: only *.test.ts import it). */
import { hc } from 'hono/client';
import type { AppType } from '../../../functions/api/app.ts';
import type { EventDetail, MyRegistration } from '../../domain/types.ts';
import type { ApiClient } from '../../lib/api.ts';

export const GENERAL_TAG = { id: 'g', name: 'Geral', color: '#3080d4', is_general: true };

export function anEvent(id: string, overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id,
    title: `Evento ${id}`,
    description: null,
    details: null,
    image: null,
    starts_at: '2026-11-28T22:00:00.000Z',
    registration_policy: 'requires',
    checkin_policy: 'none',
    checkin_starts_at: null,
    checkin_ends_at: null,
    external_redirect: null,
    allowed_payment_methods: [],
    force_upcoming: false,
    parent_id: null,
    tags: [GENERAL_TAG],
    speakers: [],
    venues: [],
    pricing_tiers: [],
    files: [],
    child_events: [],
    ...overrides,
  };
}

export function aRegistration(id: string, userId: string, eventId = 'e1'): MyRegistration {
  return {
    id,
    seq: '123456',
    user_id: userId,
    event_id: eventId,
    tier_id: 't1',
    frozen_value: 0,
    status: 'paid',
    created_at: '2026-11-01T12:00:00.000Z',
    event: {
      id: eventId,
      title: 'Evento',
      starts_at: '2026-12-01T22:00:00.000Z',
      image: null,
      checkin_policy: 'none',
      checkin_starts_at: null,
      checkin_ends_at: null,
      deleted_at: null,
    },
    tier: { id: 't1', name: 'Lote', price: 0, payment_link: null, custom_pix_key: null },
    confirmations: [],
  };
}

/** An API failure shaped as lib/api.ts throws it. */
export function apiFailure(status: number, code: string, message = code): Error {
  return Object.assign(new Error(message), { status, code });
}

/** A promise with its resolve/reject outside, to hold an answer in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The path and query a typed call requests, read by running it against a recording client. */
export async function requestedPath(call: (api: ApiClient) => Promise<unknown>): Promise<string> {
  let requested = '';
  const recorder = hc<AppType>('http://api.test', {
    fetch: async (input: RequestInfo | URL) => {
      requested = input instanceof Request ? input.url : String(input);
      return new Response('null', { headers: { 'content-type': 'application/json' } });
    },
  }).api;
  await call(recorder);
  const url = new URL(requested);
  return url.pathname.replace(/^\/api/, '') + url.search;
}
