import { describe, expect, it } from 'vitest';
import { firstReadUrl } from './first-read.ts';

describe('firstReadUrl', () => {
  const base = 'https://abcd.supabase.co';
  it('is the read the landing screen makes first', () => {
    expect(firstReadUrl('/', base)).toBe(`${base}/functions/v1/api/v1/events/upcoming`);
    expect(firstReadUrl('/events/e4a8b2c6-0001', base)).toBe(
      `${base}/functions/v1/api/v1/events/e4a8b2c6-0001`,
    );
    expect(firstReadUrl('/events/e4a8b2c6-0001/', base)).toBe(
      `${base}/functions/v1/api/v1/events/e4a8b2c6-0001`,
    );
  });
  it('preloads nothing elsewhere', () => {
    for (const path of ['/all', '/profile', '/auth/login', '/events', '/events/a/b', '/admin/events/new'])
      expect(firstReadUrl(path, base)).toBeNull();
  });
});
