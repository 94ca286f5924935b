/**
 * What every Mercado Pago test file starts from: its own database (PGlite, or PostgreSQL in the
 * `postgres` project), the test app with the fake gateway, and one event whose tier takes card and
 * PIX. Registers the hooks that open and close them. Tests only.
 */
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase } from '../../../tests/postgres/databases.ts';
import type { Db } from '../ports/db.ts';
import { type EventFixture, makeEvent, makeUsers } from './checkout-fixtures.ts';
import { createTestApp } from './test-app.ts';

export function mercadoPagoSuite(event: { total: number; price?: number }) {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let app: ReturnType<typeof createTestApp> | undefined;
  let fixture: EventFixture | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = createTestApp({ db: database.db });
    fixture = await makeEvent(database.db, { ...event, methods: ['mp_pix', 'mp_card'] });
  }, 120_000);
  afterAll(() => database?.close());
  return {
    get db(): Db {
      return database!.db;
    },
    get t() {
      return app!;
    },
    get fx(): EventFixture {
      return fixture!;
    },
    /** A new user with no registration. */
    newUser: async () => (await makeUsers(database!.db, 1))[0]!,
  };
}
