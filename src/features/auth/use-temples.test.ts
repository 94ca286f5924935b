import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/api.ts', () => ({ apiClient: vi.fn(), unwrap: vi.fn() }));
const { readCache } = await import('./use-temples.ts');

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the kept list of congregations', () => {
  it('is read back when it has the shape the API answered', () => {
    const list = [{ id: 't1', name: 'Sede', regional: 'Centro' }];
    store.set('congrega-temples', JSON.stringify(list));
    expect(readCache()).toEqual(list);
  });

  it('is ignored when storage holds something else (never trusted by a cast)', () => {
    for (const raw of [
      '{',
      '{"id":"t1"}',
      '[{"id":"t1","name":"Sede"}]',
      '[null]',
      '[{"id":1,"name":"x","regional":"y"}]',
    ]) {
      store.set('congrega-temples', raw);
      expect(readCache(), raw).toBeNull();
    }
    store.clear();
    expect(readCache()).toBeNull();
  });
});
