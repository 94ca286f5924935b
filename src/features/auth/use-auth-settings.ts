import { useEffect, useState } from 'react';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/config.ts';

let googleEnabled: Promise<boolean> | null = null;

/**
 * Whether the auth server offers Google sign-in (GoTrue's `/settings`): off on a real install
 * without a Google client, and on the local host when dev mode (the demo picker) is off.
 * Unknown (no answer yet, or offline) counts as offered, the common case.
 */
function fetchGoogleEnabled(): Promise<boolean> {
  googleEnabled ??= fetch(`${SUPABASE_URL}/auth/v1/settings`, { headers: { apikey: SUPABASE_ANON_KEY } })
    .then(async (res) => {
      const body = (await res.json()) as { external?: { google?: boolean } };
      return body.external?.google !== false;
    })
    .catch(() => {
      googleEnabled = null; // ask again next time
      return true;
    });
  return googleEnabled;
}

export function useGoogleEnabled(): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let live = true;
    void fetchGoogleEnabled().then((value) => {
      if (live) setEnabled(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}
