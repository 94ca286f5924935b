import { afterEach, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../domain/types.ts';
import { queryClient } from '../query-client.ts';
import { eventsChanged } from './events-changed.ts';

const event = (id: string) => ({ id, title: `Evento ${id}` }) as EventDetail;
const state = (key: readonly unknown[]) => queryClient.getQueryState(key);

afterEach(() => queryClient.clear());

describe('after staff change an event', () => {
  it('a deleted event leaves every list and its own answer at once; every public answer is asked again', async () => {
    queryClient.setQueryData(['events', 'upcoming'], [event('a'), event('b')]);
    queryClient.setQueryData(['events', 'month', '2026-12'], [event('b')]);
    queryClient.setQueryData(['events', 'id', 'b'], event('b'));
    queryClient.setQueryData(['me', 'u1', 'registrations'], [{ id: 'r1' }]);

    await eventsChanged('b');

    expect(queryClient.getQueryData(['events', 'upcoming'])).toEqual([event('a')]);
    expect(queryClient.getQueryData(['events', 'month', '2026-12'])).toEqual([]);
    expect(queryClient.getQueryData(['events', 'id', 'b'])).toBeNull();
    for (const key of [
      ['events', 'upcoming'],
      ['events', 'month', '2026-12'],
      ['events', 'id', 'b'],
    ]) {
      expect(state(key)?.isInvalidated, key.join(' ')).toBe(true);
    }
    // the member's own answers are not public ones
    expect(state(['me', 'u1', 'registrations'])?.isInvalidated).toBe(false);
  });

  it('a save keeps the lists as they are and marks them to be asked again', async () => {
    queryClient.setQueryData(['events', 'upcoming'], [event('a')]);
    await eventsChanged();
    expect(queryClient.getQueryData(['events', 'upcoming'])).toEqual([event('a')]);
    expect(state(['events', 'upcoming'])?.isInvalidated).toBe(true);
  });
});
