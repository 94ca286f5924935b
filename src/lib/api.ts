import { hc } from 'hono/client';
// Type only: the API's code never reaches the browser bundle (checked by depcruise in `npm run lint`).
import type { AppType } from '../../functions/api/app.ts';
import { accessToken, apiFetch } from './api-fetch.ts';
import { supabaseAnonKey, supabaseUrl } from './config.ts';

export { type ApiBody, ApiFailure, getPublic, NETWORK_ERROR_MESSAGE, unwrap } from './api-fetch.ts';

/**
 * The one way the app calls the `api` Edge Function, typed from the API's routes (`AppType`): paths,
 * params, queries, bodies and answers come from the routers, so no call site casts a response.
 *   const events = await unwrap(apiClient().v1.events.upcoming.$get());
 * Its public mode, `getPublic` (lib/api-fetch.ts, re-exported here), is the guest's first screen's
 * read of public events: the same fetch plumbing without hono/client. Screens reach the API only
 * through this module (the `screens-call-api-client` rule of .dependency-cruiser.cjs).
 */
function createClient() {
  return hc<AppType>(`${supabaseUrl()}/functions/v1`, {
    fetch: apiFetch,
    headers: async (): Promise<Record<string, string>> => {
      const token = await accessToken();
      return token
        ? { apikey: supabaseAnonKey(), Authorization: `Bearer ${token}` }
        : { apikey: supabaseAnonKey() };
    },
  }).api;
}

export type ApiClient = ReturnType<typeof createClient>;

let client: ApiClient | null = null;
export function apiClient(): ApiClient {
  client ??= createClient();
  return client;
}
