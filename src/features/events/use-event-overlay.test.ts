import { describe, expect, it } from 'vitest';
import { eventOverlaySearch } from './use-event-overlay.ts';

describe('eventOverlaySearch', () => {
  it('keeps a well-formed id (trimmed) and drops anything else', () => {
    expect(eventOverlaySearch({ event: ' e4a8b2c6-3d5f-4a7b ' })).toEqual({ event: 'e4a8b2c6-3d5f-4a7b' });
    for (const event of [undefined, '', 'a/b', '<script>', 'x'.repeat(65), 42, ['a']]) {
      expect(eventOverlaySearch({ event }), String(event)).toEqual({ event: undefined });
    }
  });
});
