/** Whether this browser keeps a supabase-js session, read without loading supabase-js. */

/** supabase-js's localStorage key for the session (`sb-<project ref>-auth-token`). */
export const AUTH_TOKEN_KEY = /^sb-.+-auth-token$/;

/** Whether supabase-js keeps a session in this browser (its `sb-<ref>-auth-token` localStorage key). */
export function hasStoredSession(
  storage: Pick<Storage, 'length' | 'key'> = globalThis.localStorage,
): boolean {
  try {
    for (let i = 0; i < storage.length; i++) if (AUTH_TOKEN_KEY.test(storage.key(i) ?? '')) return true;
  } catch {
    // storage disabled: supabase-js cannot keep a session either
  }
  return false;
}
