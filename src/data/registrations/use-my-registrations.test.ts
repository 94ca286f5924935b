import type { Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('VITE_SUPABASE_URL', 'https://abcdefgh.supabase.co');
const { dataUserId } = await import('./use-my-registrations.ts');

const stored = (value: unknown) => ({
  getItem: (key: string) => (key === 'sb-abcdefgh-auth-token' ? JSON.stringify(value) : null),
});

describe('whose registrations a screen shows', () => {
  it("the stored session's user until supabase-js has restored the session: the kept ticket does not wait for it", () => {
    expect(dataUserId(undefined, stored({ access_token: 't', user: { id: 'u1' } }))).toBe('u1');
    expect(dataUserId(undefined, stored({ user: { id: 7 } }))).toBeUndefined();
    expect(dataUserId(undefined, { getItem: () => null })).toBeUndefined();
  });

  it('once the session is known, its user', () => {
    expect(dataUserId({ user: { id: 'u2' } } as Session, stored({ user: { id: 'u1' } }))).toBe('u2');
  });

  it('none reported (offline, an expired token supabase-js cannot refresh): the stored user, whose ticket stays', () => {
    expect(dataUserId(null, stored({ user: { id: 'u1' } }))).toBe('u1');
  });

  it('signed out: nobody (supabase-js removed the stored session)', () => {
    expect(dataUserId(null, { getItem: () => null })).toBeUndefined();
  });
});
