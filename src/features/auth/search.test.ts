import { describe, expect, it } from 'vitest';
import { loginSearch, welcomeSearch } from './search.ts';

describe('auth search params', () => {
  it('keep known values and drop malformed ones instead of failing the route', () => {
    expect(
      loginSearch({ method: 'email', redirectTo: '/profile', reason: 'checkout', email: 'a@b.co' }),
    ).toEqual({
      method: 'email',
      redirectTo: '/profile',
      reason: 'checkout',
      email: 'a@b.co',
    });
    expect(loginSearch({ method: 'google', redirectTo: 42, email: 'x'.repeat(2001), extra: 'y' })).toEqual({
      method: undefined,
      redirectTo: undefined,
      reason: undefined,
      email: undefined,
    });
    expect(welcomeSearch({ name: ['a'], redirectTo: '/' })).toEqual({ name: undefined, redirectTo: '/' });
  });
});
