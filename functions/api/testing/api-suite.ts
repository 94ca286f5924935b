/**
 * What an API test file starts from: its own migrated database (PGlite in the `integration`
 * project, a fresh database on the shared PostgreSQL in `postgres`) and the test app over it with
 * fake ports (`ports` replaces some). Registers the hooks that open and close the database. Tests only.
 *
 * `database.db` and `t` are there at once (the database opens in `beforeAll`; `database.db` hands
 * each query to it), so a file writes `const { database, t } = apiSuite()` at its top. `t` is made
 * on first use: a file that only queries never builds the app.
 */
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase, testPostgresUrl } from '../../../tests/postgres/databases.ts';
import type { Db } from '../ports/db.ts';
import { createTestApp, type TestPorts } from './test-app.ts';

export function apiSuite(ports: Omit<TestPorts, 'db'> = {}) {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  }, 120_000);
  afterAll(() => opened?.close());

  const open = (): Db => {
    if (!opened) throw new Error('apiSuite: the database opens in beforeAll; query it from a hook or a test');
    return opened.db;
  };
  const db: Db = {
    query: <T>(sql: string, params?: unknown[]) => open().query<T>(sql, params),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => open().transaction(fn),
  };
  const database = {
    db,
    driver: testPostgresUrl() ? ('postgres' as const) : ('pglite' as const),
  };
  let app: ReturnType<typeof createTestApp> | undefined;
  return {
    database,
    get t() {
      app ??= createTestApp({ ...ports, db });
      return app;
    },
  };
}
