import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'functions/**/*.test.ts', 'server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own in-memory host; two at a time fits the 2-core machines.
    maxWorkers: 2,
  },
});
