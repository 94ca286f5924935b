import { describe, expect, it } from 'vitest';
import { firstName, safeRedirect } from './auth-user.ts';

describe('safeRedirect', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/checkout/a/b?x=1')).toBe('/checkout/a/b?x=1');
  });

  it('refuses other origins and odd input', () => {
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(42)).toBe('/');
    expect(safeRedirect('')).toBe('/');
  });

  it('never sends back into the auth screens', () => {
    expect(safeRedirect('/auth/login')).toBe('/');
    expect(safeRedirect('/auth')).toBe('/');
    expect(safeRedirect('/authors')).toBe('/authors');
  });
});

describe('firstName', () => {
  it('takes the first word, never an e-mail', () => {
    expect(firstName('Maria  da Silva')).toBe('Maria');
    expect(firstName('maria@example.com')).toBe('');
  });
});
