import { readFileSync } from 'node:fs';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  constraintNames,
  generate,
  introspect,
  OUTPUT,
  type TableInfo,
} from '../../../scripts/gen-db-types.ts';
import { type Database as Connection, openMigratedDatabase } from '../../../server/db.ts';
import type { PaymentMethod, RegistrationStatus } from '../../../src/domain/types.ts';
import { CONSTRAINT_ERRORS } from './pg-errors.ts';
import type { Database, Events, Json, PaymentEvents, PricingTiers, Venues } from './schema.gen.ts';

let database: Connection;
let tables: TableInfo[];

beforeAll(async () => {
  database = await openMigratedDatabase({});
  tables = await introspect(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('schema.gen.ts (npm run db:types)', () => {
  it('is what the generator writes from the current migrations (run `npm run db:types` when this fails)', async () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(await generate());
  }, 60_000);

  it('has every public table, each column with the nullability and default information_schema reports', async () => {
    const columns = await database.db.query<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
      has_default: boolean;
    }>(
      `select c.table_name, c.column_name, c.is_nullable,
              (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
         from information_schema.columns c
         join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.column_name`,
    );
    const expected = new Map<string, { name: string; notNull: boolean; hasDefault: boolean }[]>();
    for (const c of columns) {
      const list = expected.get(c.table_name) ?? [];
      list.push({ name: c.column_name, notNull: c.is_nullable === 'NO', hasDefault: c.has_default });
      expected.set(c.table_name, list);
    }
    const generated = tables.filter((t) => t.schema === 'public');
    expect(generated.map((t) => t.name).sort()).toEqual([...expected.keys()].sort());
    for (const t of generated) {
      expect(
        t.columns.map((c) => ({
          name: c.name,
          notNull: c.notNull,
          hasDefault: c.hasDefault || c.identity !== '' || c.generated !== '',
        })),
        t.name,
      ).toEqual(expected.get(t.name));
    }
  });

  it('types the events table column by column', () => {
    const events = tables.find((t) => t.key === 'events')!;
    const nullable = events.columns.filter((c) => !c.notNull).map((c) => c.name);
    expect(nullable.sort()).toEqual(
      [
        'checkin_ends_at',
        'checkin_starts_at',
        'deleted_at',
        'description',
        'details',
        'external_redirect',
        'image',
        'min_age',
        'parent_id',
        'reminder_hours_before',
        'reminder_note',
      ].sort(),
    );
    expectTypeOf<Selectable<Events>>().toEqualTypeOf<{
      allowed_payment_methods: PaymentMethod[];
      cash_hold_hours: number;
      checkin_ends_at: Date | null;
      checkin_policy: 'requires' | 'none';
      checkin_starts_at: Date | null;
      created_at: Date;
      deleted_at: Date | null;
      description: string | null;
      details: string | null;
      external_redirect: string | null;
      force_upcoming: boolean;
      guardian_consent: boolean;
      id: string;
      image: string | null;
      min_age: number | null;
      parent_id: string | null;
      registration_policy: 'open' | 'allows' | 'requires';
      reminder_hours_before: number | null;
      reminder_note: string | null;
      reminders_off: boolean;
      starts_at: Date;
      title: string;
      unpaid_per_leader: number;
      updated_at: Date;
      withdrawal_days: number;
    }>();
    // only title and starts_at are required on insert; timestamps take a Date or an ISO string
    expectTypeOf<Insertable<Events>>().toMatchTypeOf<{ title: string; starts_at: Date | string }>();
    expectTypeOf<{ title: string; starts_at: string }>().toMatchTypeOf<Insertable<Events>>();
    expectTypeOf<Updateable<Events>['checkin_starts_at']>().toEqualTypeOf<Date | string | null | undefined>();
  });

  it('maps numeric, bigint, jsonb, arrays and check-constraint lists as both drivers return them', () => {
    expectTypeOf<Selectable<Venues>['lat']>().toEqualTypeOf<`${number}` | null>();
    expectTypeOf<Selectable<PaymentEvents>['id']>().toEqualTypeOf<bigint | number | `${number}`>();
    expectTypeOf<Selectable<PaymentEvents>['payload']>().toEqualTypeOf<Json>();
    // jsonb is written as an object or an array, never as pre-stringified text
    expectTypeOf<string>().not.toMatchTypeOf<Insertable<PaymentEvents>['payload']>();
    expectTypeOf<{ a: number }>().toMatchTypeOf<Insertable<PaymentEvents>['payload']>();
    expectTypeOf<Selectable<PricingTiers>['restricted_payment_methods']>().toEqualTypeOf<PaymentMethod[]>();
    expectTypeOf<Selectable<Database['registrations']>['status']>().toEqualTypeOf<RegistrationStatus>();
    expectTypeOf<Selectable<Database['auth.users']>['raw_user_meta_data']>().toEqualTypeOf<Json>();
    const strategy = tables
      .find((t) => t.key === 'registration_confirmations')!
      .columns.find((c) => c.name === 'strategy');
    expect(strategy?.values).toEqual(['mp_pix', 'mp_card', 'file', 'cash', 'link', 'voucher', 'open']);
  });

  it('maps only constraints the migrations define (plus Supabase’s auth e-mail index)', async () => {
    const names = new Set(await constraintNames(database.db));
    const unknown = Object.keys(CONSTRAINT_ERRORS).filter(
      (n) => !names.has(n) && n !== 'users_email_partial_key',
    );
    expect(unknown).toEqual([]);
  });
});
