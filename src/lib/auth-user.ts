import type { Session } from '@supabase/supabase-js';
import { displayName } from '../domain/people.ts';

export { firstName } from '../domain/people.ts';

/** True when the signed-in user has been through /auth/welcome (user_metadata.welcome). */
export function hasWelcome(session: Session | null | undefined): boolean {
  return Boolean(session?.user.user_metadata?.welcome);
}

/** The person's name from the auth user: the one display-name rule of domain/people. */
export function displayNameOf(session: Session | null | undefined): string {
  if (!session) return '';
  return displayName(session.user.user_metadata as Record<string, unknown> | undefined, session.user.email);
}

/** The profile photo URL (Google's `avatar_url`/`picture`), if any. */
export function avatarUrlOf(session: Session | null | undefined): string | null {
  const meta = (session?.user.user_metadata ?? {}) as Record<string, unknown>;
  for (const key of ['avatar_url', 'picture']) {
    const value = meta[key];
    if (typeof value === 'string' && /^https?:\/\//.test(value)) return value;
  }
  return null;
}

/**
 * A post-login destination that stays in this app: a relative path starting with one '/', not an
 * auth screen (which would loop). Anything else gives `fallback`.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if ([...path].some((ch) => ch.charCodeAt(0) < 32)) return fallback;
  try {
    const url = new URL(path, 'https://congrega.invalid');
    if (url.origin !== 'https://congrega.invalid') return fallback;
    if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
