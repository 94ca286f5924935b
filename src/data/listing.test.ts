import { describe, expect, it } from 'vitest';
import { statusOf } from './listing.ts';
import { apiFailure } from './testing/fixtures.ts';

describe('the banner status of a query', () => {
  it('says what the last fetch did, while what the screen has stays', () => {
    expect(statusOf({ fetchStatus: 'fetching', status: 'success', error: null }).phase).toBe('refreshing');
    expect(statusOf({ fetchStatus: 'paused', status: 'pending', error: null }).phase).toBe('offline');
    expect(statusOf({ fetchStatus: 'idle', status: 'success', error: null }).phase).toBe('ok');
    expect(statusOf({ fetchStatus: 'idle', status: 'pending', error: null }).phase).toBe('idle');
  });

  it('tells a network failure (offline) from a missing event and any other failure', () => {
    const failed = (error: Error) => statusOf({ fetchStatus: 'idle', status: 'error', error });
    expect(failed(apiFailure(0, 'NETWORK', 'Sem conexão'))).toEqual({
      phase: 'offline',
      message: 'Sem conexão',
    });
    expect(failed(apiFailure(404, 'EVENT_NOT_FOUND')).phase).toBe('not-found');
    expect(failed(apiFailure(500, 'INTERNAL', 'Erro')).phase).toBe('error');
  });
});
