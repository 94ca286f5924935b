import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('VITE_SUPABASE_URL', 'https://abcdefgh.supabase.co');
const { authStorageKey, hasStoredSession, storedUserId } = await import('./stored-session.ts');

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

describe('storedUserId', () => {
  it("reads the user id of supabase-js's stored session; none when absent or not its JSON", () => {
    const key = 'sb-abcdefgh-auth-token';
    expect(storedUserId(storage({ [key]: JSON.stringify({ access_token: 't', user: { id: 'u1' } }) }))).toBe('u1');
    expect(storedUserId(storage({}))).toBeUndefined();
    expect(storedUserId(storage({ [key]: 'not json' }))).toBeUndefined();
    expect(storedUserId(storage({ [key]: JSON.stringify({ user: { id: 7 } }) }))).toBeUndefined();
  });
});
