import { describe, expect, it } from 'vitest';
import { firstImages, firstReadUrl, publicImageUrl } from './first-read.ts';

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

describe('firstImages', () => {
  it('is the first two cards of a list, or the one event of its page', () => {
    const list = [{ image: 'events/a.webp' }, { image: null }, { image: 'events/c.webp' }];
    expect(firstImages(list)).toEqual(['events/a.webp']);
    expect(firstImages([{ image: 'events/a.webp' }, { image: 'events/b.webp' }, { image: 'x' }])).toEqual([
      'events/a.webp',
      'events/b.webp',
    ]);
    expect(firstImages({ id: 'e', image: 'events/e.webp' })).toEqual(['events/e.webp']);
  });
  it('is nothing for an answer of another shape', () => {
    for (const answer of [null, 'x', 3, {}, [], [null, 'y'], { image: 5 }])
      expect(firstImages(answer)).toEqual([]);
  });
  it('names storage images by their public URL, and keeps absolute ones', () => {
    expect(publicImageUrl('events/a.webp', 'https://p.supabase.co')).toBe(
      'https://p.supabase.co/storage/v1/object/public/images/events/a.webp',
    );
    expect(publicImageUrl('https://cdn.example/x.jpg', 'https://p.supabase.co')).toBe(
      'https://cdn.example/x.jpg',
    );
    expect(publicImageUrl(null, 'https://p.supabase.co')).toBeNull();
  });
});
