/**
 * Whether supabase-js keeps a session on this device, read without loading supabase-js: its default
 * localStorage key, `sb-<first label of the Supabase host>-auth-token`. A stored session may be
 * expired (offline, supabase-js cannot refresh it): it still means a member's data may be in use.
 */
import { supabaseUrl } from './config.ts';

/**
 * This project's key (the default: this project's Supabase host): supabase-js is configured with it
 * (lib/supabase.ts), the API client reads the access token under it (lib/api.ts), and another tab's
 * sign-in is noticed by it (session-sync).
 */
export function authStorageKey(url: string = supabaseUrl()): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/**
 * True when a session is stored, or when storage cannot be read: then nothing is assumed gone (no
 * wipe of member data, no redirect to sign-in), since supabase-js falls back to keeping a session
 * in memory, and a guest only pays for loading supabase-js.
 */
export function hasStoredSession(
  storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null,
  url: string = supabaseUrl(),
): boolean {
  try {
    if (!storage) return true;
    return storage.getItem(authStorageKey(url)) !== null;
  } catch {
    return true;
  }
}

/** supabase-js's stored session as it wrote it (null when none, unreadable or not its JSON). */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null,
): { access_token?: unknown; expires_at?: unknown; user?: { id?: unknown } } | null {
  try {
    const raw = storage?.getItem(authStorageKey());
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null; // storage blocked or a value not written by supabase-js
  }
}
