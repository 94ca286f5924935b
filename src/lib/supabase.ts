import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseAnonKey, supabaseUrl } from './config.ts';
import { authStorageKey } from './stored-session.ts';

/**
 * The auth parameters the page was opened with (`#access_token=…`, `#error=…`, `?error=…`), captured
 * before supabase-js reads and clears them, so callback screens can still explain an expired link.
 */
export const initialAuthParams: URLSearchParams = readInitialAuthParams();
/** The path the page was opened at, to tell whether `initialAuthParams` belong to a callback screen. */
export const initialAuthPath: string = typeof window === 'undefined' ? '' : window.location.pathname;

function readInitialAuthParams(): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof window === 'undefined') return params;
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  for (const source of [hash, query]) {
    for (const [key, value] of source) {
      if (/^(error|error_code|error_description|type|access_token)$/.test(key)) params.set(key, value);
    }
  }
  return params;
}

let client: Promise<SupabaseClient> | null = null;

/**
 * The Supabase client, for auth (and later realtime) only: app data always goes through the API.
 * supabase-js is loaded on first use, after the first paint, to keep it out of the JS that renders `/`.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(supabaseUrl(), supabaseAnonKey(), {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
        storageKey: authStorageKey(),
      },
    }),
  );
  return client;
}

export async function supabaseAuth(): Promise<SupabaseClient['auth']> {
  return (await getSupabase()).auth;
}
