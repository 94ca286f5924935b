import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('VITE_SUPABASE_URL', 'https://abcdefgh.supabase.co');
const { authStorageKey, hasStoredSession } = await import('./stored-session.ts');

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('hasStoredSession', () => {
  it("reads supabase-js's default key for the project", () => {
    expect(authStorageKey()).toBe('sb-abcdefgh-auth-token');
    expect(authStorageKey('http://localhost:5173')).toBe('sb-localhost-auth-token');
    expect(hasStoredSession(storage({ 'sb-abcdefgh-auth-token': '{}' }))).toBe(true);
    expect(hasStoredSession(storage({ 'sb-other-auth-token': '{}' }))).toBe(false);
  });

  it('assumes a session when storage cannot be read (never wipes on doubt)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(broken)).toBe(true);
    expect(hasStoredSession(null)).toBe(true);
  });
});
