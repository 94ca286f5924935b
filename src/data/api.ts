/**
 * The API client for the refreshers, loaded on demand so that the first paint from the store does
 * not wait for it (nor for supabase-js behind it). React-free. One typed call:
 * `fetchApi((api) => api.v1.events.upcoming.$get())` answers the route's own body type.
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
