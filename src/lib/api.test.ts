import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { EventDetail, Me } from '../domain/types.ts';

vi.stubEnv('VITE_SUPABASE_URL', 'https://abcd.supabase.co');
vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
const getSession = vi.fn();
vi.mock('./supabase.ts', () => ({
  supabaseAuth: vi.fn(async () => ({ getSession })),
}));

const { ApiFailure, apiClient, unwrap } = await import('./api.ts');
const { accessToken, getPublic, takeFirstRead } = await import('./api-fetch.ts');
const { supabaseAuth } = await import('./supabase.ts');

const NOW = Date.parse('2026-03-10T20:00:00Z');
const store = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

function storeSession(token: string, expiresInSeconds: number) {
  store.set(
    'sb-abcd-auth-token',
    JSON.stringify({ access_token: token, expires_at: Math.floor(NOW / 1000) + expiresInSeconds }),
  );
}

function lastRequest(): { url: string; headers: Headers } {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  const url = input instanceof Request ? input.url : String(input);
  return { url, headers: new Headers(init?.headers) };
}

beforeEach(() => {
  store.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(Response.json([]));
  getSession.mockReset();
  vi.mocked(supabaseAuth).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('accessToken', () => {
  it('is null without a stored session, and never loads supabase-js', async () => {
    expect(await accessToken()).toBeNull();
    store.set('sb-abcd-auth-token', '{not json');
    expect(await accessToken()).toBeNull();
    expect(supabaseAuth).not.toHaveBeenCalled();
  });

  it('reads a fresh token from storage without loading supabase-js', async () => {
    storeSession('fresh-token', 3600);
    expect(await accessToken()).toBe('fresh-token');
    expect(supabaseAuth).not.toHaveBeenCalled();
  });

  it('asks supabase-js (which refreshes) when the token is about to expire', async () => {
    storeSession('old-token', 30);
    getSession.mockResolvedValue({ data: { session: { access_token: 'new-token' } } });
    expect(await accessToken()).toBe('new-token');
    expect(supabaseAuth).toHaveBeenCalledOnce();
  });
});

describe('apiClient', () => {
  it('calls a guest read with the anon key only', async () => {
    const events = await unwrap(apiClient().v1.events.upcoming.$get());
    expect(events).toEqual([]);
    const { url, headers } = lastRequest();
    expect(url).toBe('https://abcd.supabase.co/functions/v1/api/v1/events/upcoming');
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.has('authorization')).toBe(false);
    expect(supabaseAuth).not.toHaveBeenCalled();
  });

  it('sends the stored token, params and queries as the routes declare them', async () => {
    storeSession('user-token', 3600);
    await unwrap(apiClient().v1.events.$get({ query: { month: '2026-03' } }));
    expect(lastRequest().url).toBe('https://abcd.supabase.co/functions/v1/api/v1/events?month=2026-03');
    expect(lastRequest().headers.get('authorization')).toBe('Bearer user-token');
    await unwrap(apiClient().v1.files.$get({ query: { type: 'eventFile', filename: 'a b/c.pdf' } }));
    expect(lastRequest().url).toBe(
      'https://abcd.supabase.co/functions/v1/api/v1/files?type=eventFile&filename=a+b%2Fc.pdf',
    );
  });

  it('turns an error body into an ApiFailure with the API code and message', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ code: 'EVENT_NOT_FOUND', message: 'Evento não encontrado.' }, { status: 404 }),
    );
    const failure = await unwrap(apiClient().v1.events[':id'].$get({ param: { id: 'x' } })).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 404,
      code: 'EVENT_NOT_FOUND',
      message: 'Evento não encontrado.',
    });
  });

  it('answers NETWORK when the server never answers', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(unwrap(apiClient().v1.temples.$get())).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('types each answer from the API routes (no casts at call sites)', () => {
    const me = () => unwrap(apiClient().v1.me.$get());
    const upcoming = () => unwrap(apiClient().v1.events.upcoming.$get());
    expectTypeOf(me).returns.resolves.not.toBeAny();
    expectTypeOf(me).returns.resolves.toExtend<Me>();
    expectTypeOf(upcoming).returns.resolves.toExtend<EventDetail[]>();
    // a query the route does not declare does not compile
    // @ts-expect-error month is required by the route's validator
    expectTypeOf(apiClient().v1.events.$get).toBeCallableWith({ query: {} });
  });
});

describe('getPublic', () => {
  it('sends no header at all, signed in or not (the early read of first-read.ts sends none either)', async () => {
    storeSession('user-token', 3600);
    await getPublic('/v1/events/upcoming');
    const { url, headers } = lastRequest();
    expect(url).toBe('https://abcd.supabase.co/functions/v1/api/v1/events/upcoming');
    expect([...headers.keys()]).toEqual([]);
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init?.credentials ?? 'same-origin').toBe('same-origin');
    expect(init?.mode ?? 'cors').toBe('cors');
    expect(supabaseAuth).not.toHaveBeenCalled();
  });
});

describe('takeFirstRead', () => {
  const url = 'https://abcd.supabase.co/functions/v1/api/v1/events/upcoming';
  const holder = globalThis as { congregaFirstRead?: unknown };
  afterEach(() => {
    holder.congregaFirstRead = undefined;
  });

  it('hands the early answer to the same request once; the next one goes to the network', async () => {
    const early = Response.json([{ id: 'early' }]);
    holder.congregaFirstRead = { url, at: NOW, response: Promise.resolve(early) };
    expect(await getPublic('/v1/events/upcoming')).toEqual([{ id: 'early' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    await getPublic('/v1/events/upcoming');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not taken by another request, nor when it is too old', () => {
    const response = Promise.resolve(Response.json([]));
    holder.congregaFirstRead = { url, at: NOW, response };
    expect(takeFirstRead(`${url}?x=1`, NOW)).toBeNull();
    expect(takeFirstRead(url, NOW + 31_000)).toBeNull();
    expect(holder.congregaFirstRead).toBeUndefined();
  });

  it('reports a failed early read as NETWORK, like any read', async () => {
    const response = Promise.reject(new TypeError('Failed to fetch'));
    response.catch(() => undefined);
    holder.congregaFirstRead = { url, at: NOW, response };
    await expect(getPublic('/v1/events/upcoming')).rejects.toMatchObject({
      code: 'NETWORK',
    });
  });
});
