/**
 * What every Mercado Pago test file starts from: the API suite (its own database, PGlite or
 * PostgreSQL in the `postgres` project, and the test app with the fake gateway), and one event whose
 * tier takes card and PIX. Registers the hooks that open and close them. Tests only.
 */
import { beforeAll } from 'vitest';
import type { Db } from '../ports/db.ts';
import { apiSuite } from './api-suite.ts';
import { type EventFixture, makeEvent, makeUsers } from './checkout-fixtures.ts';

export function mercadoPagoSuite(event: { total: number; price?: number }) {
  const suite = apiSuite();
  let fixture: EventFixture | undefined;
  beforeAll(async () => {
    fixture = await makeEvent(suite.database.db, { ...event, methods: ['mp_pix', 'mp_card'] });
  }, 120_000);
  return {
    get db(): Db {
      return suite.database.db;
    },
    get t() {
      return suite.t;
    },
    get fx(): EventFixture {
      return fixture!;
    },
    /** A new user with no registration. */
    newUser: async () => (await makeUsers(suite.database.db, 1))[0]!,
  };
}
