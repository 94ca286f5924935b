/**
 * Whether supabase-js keeps a session on this device, read without loading supabase-js: its default
 * localStorage key, `sb-<first label of the Supabase host>-auth-token`. A stored session may be
 * expired (offline, supabase-js cannot refresh it): it still means a member's data may be in use.
 */
import { SUPABASE_URL } from './config.ts';

export function authStorageKey(supabaseUrl: string = SUPABASE_URL): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when a session is stored, or when storage cannot be read (then nothing is assumed gone). */
export function hasStoredSession(
  storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null,
  supabaseUrl: string = SUPABASE_URL,
): boolean {
  try {
    if (!storage) return true;
    return storage.getItem(authStorageKey(supabaseUrl)) !== null;
  } catch {
    return true;
  }
}
