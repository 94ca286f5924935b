import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabaseAnonKey, supabaseUrl } from '../../lib/config.ts';

/**
 * GoTrue's `/settings` (the auth server, not the API): whether it offers Google sign-in. Off on a
 * real install without a Google client, and on the local host when dev mode (the demo picker) is off.
 */
export const authSettingsQuery = queryOptions({
  queryKey: ['auth-settings'] as const,
  queryFn: async () => {
    const res = await fetch(`${supabaseUrl()}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey() } });
    const body = (await res.json()) as { external?: { google?: boolean } };
    return { google: body.external?.google !== false };
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Unknown (no answer yet, or offline: asked again on the next screen) counts as offered, the common case. */
export function useGoogleEnabled(): boolean {
  return useQuery(authSettingsQuery).data?.google ?? true;
}
