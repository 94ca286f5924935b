import { describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS, isChunkLoadError } from './route-loading.tsx';

describe('isChunkLoadError', () => {
  it("knows the browsers' words for a screen whose code did not arrive", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/users-abc.js',
      'Importing a module script failed.',
      'error loading dynamically imported module',
      'Unable to preload CSS for /assets/users.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves other errors to the router', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("waits the spec's 120 s before offering a retry for a slow screen", () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
