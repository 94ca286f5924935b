import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../domain/types.ts';
import { homeRow, homeSections } from './home-sections.ts';

const now = new Date('2026-11-10T20:00:00Z');
const h = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();
const geral = { id: 'g', name: 'Geral', color: '#3080d4', is_general: true };
const jovens = { id: 'j', name: 'Jovens', color: '#d9466f', is_general: false };

function event(id: string, overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id,
    title: id,
    description: null,
    details: null,
    image: null,
    starts_at: h(48),
    registration_policy: 'requires',
    checkin_policy: 'none',
    checkin_starts_at: null,
    checkin_ends_at: null,
    external_redirect: null,
    allowed_payment_methods: [],
    force_upcoming: false,
    parent_id: null,
    tags: [geral],
    speakers: [],
    venues: [],
    pricing_tiers: [],
    files: [],
    child_events: [],
    ...overrides,
  };
}

describe('homeSections', () => {
  it('splits events under way from the general row, without duplicates', () => {
    const events = [
      event('now', { starts_at: h(-1) }),
      event('checkin-open', { starts_at: h(2), checkin_starts_at: h(-0.5), checkin_ends_at: h(5) }),
      event('soon'),
      event('other-tag', { tags: [jovens] }),
      event('child', { parent_id: 'soon' }),
      event('past', { starts_at: h(-100) }),
      event('forced-far', { starts_at: h(24 * 90), force_upcoming: true }),
    ];
    const { happeningNow, general } = homeSections(events, now);
    expect(happeningNow.map((e) => e.id)).toEqual(['now', 'checkin-open']);
    expect(general.map((e) => e.id)).toEqual(['soon', 'forced-far']);
  });

  it('follows the is_general flag, not the tag name', () => {
    const renamed = { id: 'x', name: 'Todos', color: '#000000', is_general: true };
    const namedGeral = { id: 'y', name: 'Geral', color: '#000000', is_general: false };
    const { general } = homeSections(
      [event('flagged', { tags: [renamed] }), event('named', { tags: [namedGeral] })],
      now,
    );
    expect(general.map((e) => e.id)).toEqual(['flagged']);
  });
});

describe('homeRow', () => {
  it("shows 'Sem eventos por enquanto...' when only 'Acontecendo agora' has events", () => {
    const { happeningNow, general } = homeSections([event('now', { starts_at: h(-1) })], now);
    expect(happeningNow).toHaveLength(1);
    expect(homeRow({ general, view: 'ready' })).toBe('empty');
  });

  it('shows the cards when the row has events, whatever the sync state', () => {
    expect(homeRow({ general: [event('a')], view: 'ready' })).toBe('events');
    expect(homeRow({ general: [event('a')], view: 'loading' })).toBe('events');
  });

  it('shows skeletons while nothing was fetched, and nothing when that failed (the banner says why)', () => {
    expect(homeRow({ general: undefined, view: 'loading' })).toBe('loading');
    expect(homeRow({ general: [], view: 'loading' })).toBe('loading');
    expect(homeRow({ general: [], view: 'unavailable' })).toBe('none');
    expect(homeRow({ general: [], view: 'ready' })).toBe('empty');
  });
});
