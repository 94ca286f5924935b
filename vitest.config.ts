import { defineConfig } from 'vitest/config';

/**
 * Three projects, each its own stage of `npm test`:
 * - unit: the browser's code and the shared domain (src/: domain, lib, data, ui, features' pure
 *   functions, component tests in happy-dom): no host, no database, seconds;
 * - integration: the API in-process on PGlite, the local host, the contract and RLS suites;
 * - postgres: the API, contract, RLS and schema suites again on a real PostgreSQL 15, and the host on
 *   it: the only project that starts a PostgreSQL (one per run; a file that needs a server of its own
 *   gets a fresh database on it from `startPostgres`).
 * `npx vitest run path --project unit` (or integration, postgres) runs one file in one of them.
 */
const unitFiles = ['src/**/*.test.{ts,tsx}'];
const integrationFiles = [
  'functions/**/*.test.ts',
  'server/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'supabase/tests/**/*.test.ts',
];
/** Files about the host on a real PostgreSQL and nothing else. */
const postgresOnlyFiles = ['server/postgres.test.ts', 'server/auth/postgres.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each integration file starts its own in-memory host; two at a time fits the 2-core machines.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: unitFiles, testTimeout: 10_000 } },
      {
        extends: true,
        // the host on PostgreSQL only: in the postgres project, on its one server
        // isolate: false (here and in postgres): a worker imports the API, the host and their libraries
        // once, not once per file (about half the CPU, docs/performance.md); state lives in instances.
        test: { name: 'integration', include: integrationFiles, exclude: postgresOnlyFiles, isolate: false },
      },
      {
        // The API and contract suites again on a real PostgreSQL 15 (as on Supabase, via postgres.js):
        // one cluster per run, a fresh database per host from migrated (and seeded) templates.
        extends: true,
        test: {
          name: 'postgres',
          isolate: false,
          // + the RLS and schema suites (their PGlite half runs in integration)
          include: [
            'functions/api/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'supabase/tests/**/*.test.ts',
            ...postgresOnlyFiles,
          ],
          // checks the type generator, which reads a PGlite catalog by design: nothing driver-specific
          exclude: ['functions/api/db/schema.test.ts', 'tests/contract/data-folder.test.ts'],
          globalSetup: ['tests/postgres/global-setup.ts'],
          // filled by the global setup: TEST_POSTGRES_URL, TEST_POSTGRES_RUN_DIR
          env: {},
        },
      },
    ],
  },
});
