import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type Database as Connection, openMigratedDatabase } from '../../../server/db.ts';
import { type PostgresCluster, startPostgres } from '../../../tests/postgres/cluster.ts';
import { testPostgresUrl } from '../../../tests/postgres/databases.ts';
import type { Db } from '../ports/db.ts';
import { createPostgresDb } from '../ports/db-postgres.ts';
import { exec, jsonArrayFrom, jsonObjectFrom, qb, run, runOne, runOneOrNull } from './kysely.ts';

// The same queries on PGlite, on PostgreSQL through postgres.js as the local host opens it, and through
// postgres.js with prepare: false as the Deno entry (functions/api/index.ts) opens it.
type Driver = 'pglite' | 'postgres.js' | 'postgres.js (prepare: false)';
const backends = new Map<Driver, Db>();
const closers: (() => Promise<void>)[] = [];
let cluster: PostgresCluster | undefined;

// PGlite in the integration project, both postgres.js set-ups in the postgres project (on a database
// of its shared server: one server per run instead of one per file).
const DRIVERS = testPostgresUrl()
  ? (['postgres.js', 'postgres.js (prepare: false)'] as const)
  : (['pglite'] as const);

beforeAll(async () => {
  if (!testPostgresUrl()) {
    const pglite: Connection = await openMigratedDatabase({});
    closers.push(() => pglite.close());
    backends.set('pglite', pglite.db);
    return;
  }
  cluster = await startPostgres();
  const pg = await openMigratedDatabase({ url: cluster.url });
  closers.push(() => pg.close());
  backends.set('postgres.js', pg.db);
  const unprepared = postgres(cluster.url, { prepare: false, max: 2, onnotice: () => {} });
  closers.push(() => unprepared.end({ timeout: 5 }));
  backends.set('postgres.js (prepare: false)', createPostgresDb(unprepared));
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await cluster?.stop();
});

/** An event with one tier, a venue and a user: what the registration tests need. */
async function fixture(db: Db) {
  const userId = randomUUID();
  await exec(db, qb.insertInto('auth.users').values({ id: userId, email: `${userId}@test.local` }));
  const event = await runOne(
    db,
    qb
      .insertInto('events')
      .values({
        title: 'Culto de teste',
        starts_at: new Date('2026-05-01T22:00:00.000Z'),
        allowed_payment_methods: ['cash', 'open'],
      })
      .returning(['id', 'starts_at', 'allowed_payment_methods']),
  );
  const tier = await runOne(
    db,
    qb
      .insertInto('pricing_tiers')
      .values({ event_id: event.id, name: 'Lote 1', price: 1500, available: 2, total: 2 })
      .returning(['id', 'available']),
  );
  const venue = await runOne(
    db,
    qb
      .insertInto('venues')
      .values({ name: 'Templo', address: 'Rua A, 1', lat: -23.55052, lng: '-46.633308' })
      .returning(['id', 'lat', 'lng']),
  );
  await exec(db, qb.insertInto('event_venues').values({ event_id: event.id, venue_id: venue.id }));
  return { userId, event, tier, venue };
}

describe.each(DRIVERS)('run() on %s', (driver) => {
  const db = () => backends.get(driver)!;

  it('inserts and selects with Dates, text[] arrays and numerics', async () => {
    const { event, venue } = await fixture(db());
    expect(event.starts_at).toBeInstanceOf(Date);
    expect(event.starts_at.toISOString()).toBe('2026-05-01T22:00:00.000Z');
    expect(event.allowed_payment_methods).toEqual(['cash', 'open']);
    // numeric reads as an exact decimal string on both drivers
    expect(venue.lat).toBe('-23.550520');
    expect(venue.lng).toBe('-46.633308');
    expectTypeOf(venue.lat).toEqualTypeOf<`${number}` | null>();

    const found = await run(
      db(),
      qb
        .selectFrom('events')
        .select(['id', 'title', 'checkin_starts_at', 'parent_id'])
        .where('id', '=', event.id)
        .where('deleted_at', 'is', null),
    );
    expect(found).toEqual([
      { id: event.id, title: 'Culto de teste', checkin_starts_at: null, parent_id: null },
    ]);
  });

  it('binds a JS array parameter: = any($1) over uuid[] and text[] columns, and in (...)', async () => {
    const a = await fixture(db());
    const b = await fixture(db());
    const ids = [a.event.id, b.event.id, randomUUID()];
    const viaAny = await run(
      db(),
      qb
        .selectFrom('events')
        .select('id')
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
        .orderBy('id'),
    );
    expect(viaAny.map((r) => r.id)).toEqual([a.event.id, b.event.id].sort());
    const viaIn = await run(db(), qb.selectFrom('events').select('id').where('id', 'in', ids));
    expect(viaIn).toHaveLength(2);
    const empty = await run(
      db(),
      qb
        .updateTable('events')
        .set({ allowed_payment_methods: [] })
        .where('id', '=', a.event.id)
        .returning('allowed_payment_methods'),
    );
    expect(empty).toEqual([{ allowed_payment_methods: [] }]);
    // quoting survives; a parameter with no typed context needs its cast (else Array#toString())
    const values = ['a"b', 'c,d', 'e\\f', '', '{x}'];
    const quoted = await runOne(db(), qb.selectNoFrom(sql<string[]>`${values}::text[]`.as('v')));
    expect(quoted.v).toEqual(values);
    const untyped = await runOne(db(), qb.selectNoFrom(sql<unknown>`${['a', 'b']}`.as('v')));
    expect(untyped.v).toBe('a,b');
  });

  it('updates with a Date, an ISO string and null, and reads Dates back', async () => {
    const { event } = await fixture(db());
    const starts = new Date('2026-05-01T21:00:00.123Z');
    const row = await runOne(
      db(),
      qb
        .updateTable('events')
        .set({ checkin_starts_at: starts, checkin_ends_at: '2026-05-02T01:00:00Z', description: null })
        .where('id', '=', event.id)
        .returning(['checkin_starts_at', 'checkin_ends_at', 'description', 'updated_at']),
    );
    expect(row.checkin_starts_at?.toISOString()).toBe(starts.toISOString());
    expect(row.checkin_ends_at?.toISOString()).toBe('2026-05-02T01:00:00.000Z');
    expect(row.description).toBeNull();
    expect(row.updated_at).toBeInstanceOf(Date);
    const later = await run(
      db(),
      qb
        .selectFrom('events')
        .select('id')
        .where('id', '=', event.id)
        .where('checkin_starts_at', '<', new Date('2026-06-01')),
    );
    expect(later).toHaveLength(1);
  });

  it('writes jsonb objects and arrays as JSON values (jsonb_typeof object/array), not strings', async () => {
    const { userId, event, tier } = await fixture(db());
    const registration = await runOne(
      db(),
      qb
        .insertInto('registrations')
        .values({ user_id: userId, event_id: event.id, tier_id: tier.id, frozen_value: 1500 })
        .returning(['id', 'seq', 'status']),
    );
    expect(registration.seq).toMatch(/^[0-9]{6}$/);
    expect(registration.status).toBe('pending');
    const request = { method: 'cash', nested: { amount: 1500, tags: ['a', 'b'] }, none: null };
    const confirmation = await runOne(
      db(),
      qb
        .insertInto('registration_confirmations')
        .values({
          registration_id: registration.id,
          strategy: 'cash',
          request_data: request,
          response_data: [{ step: 1 }, { step: 2 }],
        })
        .returning(['id', 'request_data', 'response_data']),
    );
    expect(confirmation.request_data).toEqual(request);
    expect(confirmation.response_data).toEqual([{ step: 1 }, { step: 2 }]);
    const [types] = await db().query<{ req: string; res: string }>(
      `select jsonb_typeof(request_data) as req, jsonb_typeof(response_data) as res
         from public.registration_confirmations where id = $1`,
      [confirmation.id],
    );
    expect(types).toEqual({ req: 'object', res: 'array' });
  });

  it('shows why jsonb is never written pre-stringified: the drivers disagree on a string', async () => {
    const { userId, event, tier } = await fixture(db());
    const registration = await runOne(
      db(),
      qb
        .insertInto('registrations')
        .values({ user_id: userId, event_id: event.id, tier_id: tier.id, frozen_value: 0 })
        .returning('id'),
    );
    const row = await runOne(
      db(),
      qb
        .insertInto('registration_confirmations')
        // the generated Jsonb type refuses a string; forced here to record what each driver does
        .values({ registration_id: registration.id, strategy: 'open', request_data: '{"a":1}' as never })
        .returning((eb) => eb.fn<string>('jsonb_typeof', ['request_data']).as('type')),
    );
    expect(row.type).toBe(driver === 'pglite' ? 'object' : 'string');
  });

  it('reads bigint as a number (bigint beyond 2^53) on PGlite and as a string on postgres.js', async () => {
    const row = await runOne(
      db(),
      qb
        .insertInto('payment_events')
        .values({ provider: 'test', provider_id: randomUUID(), status: 'approved', payload: { id: 1 } })
        .returning(['id', 'received_at']),
    );
    expect(typeof row.id).toBe(driver === 'pglite' ? 'number' : 'string');
    expect(String(row.id)).toMatch(/^[0-9]+$/);
    expect(row.received_at).toBeInstanceOf(Date);
    const big = await runOne(db(), qb.selectNoFrom(sql<bigint | string>`9007199254740993::bigint`.as('v')));
    expect(typeof big.v).toBe(driver === 'pglite' ? 'bigint' : 'string');
    expect(String(big.v)).toBe('9007199254740993');
  });

  it('nests tiers and venues with jsonArrayFrom/jsonObjectFrom: timestamps as text, numerics as numbers', async () => {
    const { event, tier, venue } = await fixture(db());
    await exec(
      db(),
      qb
        .updateTable('pricing_tiers')
        .set({ starts_at: new Date('2026-04-01T03:00:00.5Z') })
        .where('id', '=', tier.id),
    );
    const row = await runOne(
      db(),
      qb
        .selectFrom('events as e')
        .select((eb) => [
          'e.id',
          jsonArrayFrom(
            eb
              .selectFrom('pricing_tiers as t')
              .select(['t.id', 't.price', 't.starts_at', 't.restricted_payment_methods'])
              .whereRef('t.event_id', '=', 'e.id')
              .orderBy('t.order'),
          ).as('tiers'),
          jsonObjectFrom(
            eb
              .selectFrom('event_venues as ev')
              .innerJoin('venues as v', 'v.id', 'ev.venue_id')
              .select(['v.id', 'v.lat', 'v.lng'])
              .whereRef('ev.event_id', '=', 'e.id')
              .limit(1),
          ).as('venue'),
        ])
        .where('e.id', '=', event.id),
    );
    expect(row.tiers).toEqual([
      { id: tier.id, price: 1500, starts_at: expect.any(String), restricted_payment_methods: [] },
    ]);
    // Postgres's JSON text for a timestamptz, not Date#toISOString()
    expect(row.tiers[0]!.starts_at).toMatch(/^2026-04-01T03:00:00\.5\+00:00$/);
    expect(new Date(row.tiers[0]!.starts_at!).toISOString()).toBe('2026-04-01T03:00:00.500Z');
    expect(row.venue).toEqual({ id: venue.id, lat: -23.55052, lng: -46.633308 });
    expectTypeOf(row.tiers[0]!.starts_at).toEqualTypeOf<string | null>();
    expectTypeOf(row.venue!.lat).toEqualTypeOf<number | null>();
  });

  it('runs inside db.transaction: one statement for capacity, rolled back on error', async () => {
    const { tier } = await fixture(db());
    const take = (tx: Db) =>
      runOneOrNull(
        tx,
        qb
          .updateTable('pricing_tiers')
          .set((eb) => ({ available: eb('available', '-', 1) }))
          .where('id', '=', tier.id)
          .where('available', '>', 0)
          .returning('available'),
      );
    const available = (tx: Db) =>
      runOne(tx, qb.selectFrom('pricing_tiers').select('available').where('id', '=', tier.id));

    await expect(
      db().transaction(async (tx) => {
        expect(await take(tx)).toEqual({ available: 1 });
        expect(await available(tx)).toEqual({ available: 1 });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await available(db())).toEqual({ available: 2 });

    const taken = await db().transaction(async (tx) => [await take(tx), await take(tx), await take(tx)]);
    expect(taken).toEqual([{ available: 1 }, { available: 0 }, null]);
    expect(await available(db())).toEqual({ available: 0 });
  });

  it('refuses an undefined parameter instead of guessing', async () => {
    await expect(
      run(
        db(),
        qb
          .selectFrom('events')
          .select('id')
          .where('id', '=', undefined as unknown as string),
      ),
    ).rejects.toThrow(/parameter \$1 is undefined/);
  });
});
