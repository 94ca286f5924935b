/**
 * The API for the queries: the typed client (hono/client, and supabase-js behind the token) loaded on
 * the first call, not with a guest's first screen. React-free. One typed call:
 * `fetchApi((api) => api.v1.registrations.$get())` answers the route's own body type.
 */
import type { ClientResponse } from 'hono/client';
import type { ApiBody, ApiClient } from '../lib/api.ts';

export async function fetchApi<R extends ClientResponse<unknown>>(
  call: (api: ApiClient) => Promise<R>,
): Promise<ApiBody<R>> {
  const { apiClient, unwrap } = await import('../lib/api.ts');
  return unwrap(call(apiClient()));
}

/** A public read (no session, no header): `getPublic` in lib/api-fetch.ts. */
export async function fetchPublic<T>(path: `/v1/events${string}`): Promise<T> {
  const { getPublic } = await import('../lib/api-fetch.ts');
  return getPublic<T>(path);
}
