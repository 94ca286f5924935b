import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './stored-session.ts';

const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('hasStoredSession', () => {
  it("finds supabase-js's session key", () => {
    expect(hasStoredSession(storage(['congrega-me', 'sb-localhost-auth-token']))).toBe(true);
    expect(hasStoredSession(storage(['sb-abcdefgh-auth-token']))).toBe(true);
  });

  it('is false for a guest (other keys only, or none)', () => {
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(hasStoredSession(storage(['congrega-me', 'sb-localhost-auth-token-code-verifier']))).toBe(false);
  });

  it('is false when the storage cannot be read', () => {
    const blocked = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});
