import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openMigratedDatabase } from '../../server/db.ts';
import { type PostgresCluster, startPostgres } from '../../tests/postgres/cluster.ts';
import { createDatabase, testPostgresUrl } from '../../tests/postgres/databases.ts';

/**
 * Schema hardening (docs/architecture.md, 'Database'): history survives deletes, tiers with a total always count places,
 * phones are 11 digits, buckets come from a migration, every function pins its search_path, and
 * check-in codes never clash under concurrent checkouts (PostgreSQL only: PGlite has one connection).
 */

const USER = '00000000-0000-4000-8000-0000000000a1';
const LONER = '00000000-0000-4000-8000-0000000000a2';
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const EMPTY_EVENT = '00000000-0000-4000-8000-0000000000e2';
const TIER = '00000000-0000-4000-8000-0000000000f1';
const EMPTY_TIER = '00000000-0000-4000-8000-0000000000f2';
const REG = '00000000-0000-4000-8000-000000000101';
const REG_CHECKED_IN = '00000000-0000-4000-8000-000000000102';

const FIXTURE = `
insert into auth.users (id, email) values ('${USER}', 'u@hardening.test'), ('${LONER}', 'l@hardening.test');
insert into public.profiles (id, name, email, phone) values ('${LONER}', 'Lia', 'l@hardening.test', '21912345678');
insert into public.events (id, title, starts_at) values
  ('${EVENT}', 'Com inscrições', now() + interval '1 day'),
  ('${EMPTY_EVENT}', 'Sem inscrições', now() + interval '1 day');
insert into public.pricing_tiers (id, event_id, name, price) values
  ('${TIER}', '${EVENT}', 'Lote 1', 1000),
  ('${EMPTY_TIER}', '${EVENT}', 'Lote 2', 2000);
insert into public.pricing_tiers (event_id, name, price) values ('${EMPTY_EVENT}', 'Lote 1', 0);
insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status) values
  ('${REG}', '${USER}', '${TIER}', '${EVENT}', 1000, 'paid');
insert into public.registration_confirmations (registration_id, strategy, status) values ('${REG}', 'cash', 'paid');
insert into public.payment_events (provider, provider_id, status, confirmation_id)
  select 'mercadopago', '1', 'approved', id from public.registration_confirmations;
insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status) values
  ('${REG_CHECKED_IN}', '${USER}', '${TIER}', '${EVENT}', 1000, 'canceled');
insert into public.checkins (event_id, user_id, registration_id) values ('${EVENT}', '${USER}', '${REG_CHECKED_IN}');
`;

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function failure(database: Database, sql: string, params: unknown[] = []): Promise<string | null> {
  try {
    await database.db.query(sql, params);
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

async function count(database: Database, table: string): Promise<number> {
  const [row] = await database.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

function hardeningSuite(name: string, open: () => Promise<Database>) {
  describe(name, () => {
    let database: Database;

    beforeAll(async () => {
      database = await open();
      await database.exec(FIXTURE);
    });
    afterAll(async () => {
      await database?.close();
    });

    test('deleting an event, a tier or a user never deletes registrations, payments or check-ins', async () => {
      // on delete restrict: 23001 restrict_violation (PostgreSQL 17+, PGlite), 23503 before
      const FK = /^(23001|23503)$/;
      expect(await failure(database, 'delete from public.events where id = $1', [EVENT])).toMatch(FK);
      expect(await failure(database, 'delete from public.pricing_tiers where id = $1', [TIER])).toMatch(FK);
      expect(await failure(database, 'delete from auth.users where id = $1', [USER])).toMatch(FK);
      // a registration with a payment attempt, and one with a check-in
      expect(await failure(database, 'delete from public.registrations where id = $1', [REG])).toMatch(FK);
      expect(
        await failure(database, 'delete from public.registrations where id = $1', [REG_CHECKED_IN]),
      ).toMatch(FK);
      expect(await count(database, 'public.registrations')).toBe(2);
      expect(await count(database, 'public.registration_confirmations')).toBe(1);
      expect(await count(database, 'public.payment_events')).toBe(1);
      expect(await count(database, 'public.checkins')).toBe(1);

      // what holds no history still goes: a tier nobody bought, an event nobody registered for (its
      // tiers cascade), a user with no registration (profile cascades)
      expect(
        await failure(database, 'delete from public.pricing_tiers where id = $1', [EMPTY_TIER]),
      ).toBeNull();
      expect(await failure(database, 'delete from public.events where id = $1', [EMPTY_EVENT])).toBeNull();
      expect(await failure(database, 'delete from auth.users where id = $1', [LONER])).toBeNull();
      expect(await count(database, 'public.profiles')).toBe(0);
    });

    test('a tier with a total always counts the places left', async () => {
      const insert = async (available: number | null, total: number | null) => {
        const [row] = await database.db.query<{ id: string; available: number | null }>(
          `insert into public.pricing_tiers (event_id, name, price, available, total)
           values ($1, 'Lote', 0, $2, $3) returning id, available`,
          [EVENT, available, total],
        );
        return row!;
      };
      expect((await insert(null, 50)).available).toBe(50);
      expect((await insert(10, 50)).available).toBe(10);
      expect((await insert(0, 50)).available).toBe(0);
      const unlimited = await insert(null, null);
      expect(unlimited.available).toBeNull();
      // an unlimited tier given a total starts with every place available
      const [updated] = await database.db.query<{ available: number }>(
        'update public.pricing_tiers set total = 20 where id = $1 returning available',
        [unlimited.id],
      );
      expect(updated!.available).toBe(20);
      const [check] = await database.db.query<{ def: string }>(
        `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'pricing_tiers_total_counted'`,
      );
      expect(check!.def).toMatch(/total IS NULL\)? OR \(?available IS NOT NULL/);
    });

    test('a profile phone is exactly 11 digits', async () => {
      const set = (phone: string) =>
        failure(database, 'update public.profiles set phone = $2 where id = $1', [USER, phone]);
      await database.db.query(
        `insert into public.profiles (id, name, email) values ($1, 'Ulisses', 'u@h.test')`,
        [USER],
      );
      expect(await set('21912345678')).toBeNull();
      for (const bad of ['2131234567', '219123456789', '(21) 91234-5678', '+5521912345678']) {
        expect(await set(bad), bad).toBe('23514'); // check_violation
      }
    });

    test('the storage buckets come from a migration', async () => {
      const rows = await database.db.query<{ id: string; public: boolean }>(
        'select id, public from storage.buckets order by id',
      );
      expect(rows).toEqual([
        { id: 'event-files', public: false },
        { id: 'images', public: true },
        { id: 'receipts', public: false },
      ]);
    });

    test('every function in public pins its search_path', async () => {
      const rows = await database.db.query<{ name: string }>(
        `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'
           and not exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%')
         order by 1`,
      );
      expect(rows.map((r) => r.name)).toEqual([]);
      const [some] = await database.db.query<{ n: number }>(
        `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'`,
      );
      expect(some!.n).toBeGreaterThan(0);
    });
  });
}

// PGlite in the integration project; PostgreSQL in the postgres project, on databases of its shared
// server (one server per run instead of one per file).
if (testPostgresUrl()) postgresSuite();
else hardeningSuite('schema hardening on PGlite', () => openMigratedDatabase({}));

function postgresSuite() {
  describe('schema hardening on PostgreSQL', () => {
    let cluster: PostgresCluster | null = null;
    let constraints: { url: string; drop(): Promise<void> } | null = null;
    let database: Database;

    beforeAll(async () => {
      cluster = await startPostgres();
      database = await openMigratedDatabase({ url: cluster.url });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await cluster?.stop();
      await constraints?.drop();
    });

    hardeningSuite('constraints', async () => {
      // a database of its own, so the constraint suite and the concurrency test do not share rows
      constraints = await createDatabase();
      return openMigratedDatabase({ url: constraints.url });
    });

    test('500 concurrent checkouts over 20 connections never clash on the check-in code', async () => {
      const N = 500;
      const event = '00000000-0000-4000-8000-0000000000e9';
      const tier = '00000000-0000-4000-8000-0000000000f9';
      await database.exec(`
      insert into auth.users (id, email) select gen_random_uuid(), 'c' || i || '@seq.test' from generate_series(1, ${N}) i;
      insert into public.events (id, title, starts_at) values ('${event}', 'Concorrido', now() + interval '1 day');
      insert into public.pricing_tiers (id, event_id, name, price, total) values ('${tier}', '${event}', 'Lote', 0, ${N});
    `);
      const users = await database.db.query<{ id: string }>(
        `select id from auth.users where email like '%@seq.test' order by email`,
      );
      const sql = postgres(cluster!.url, { max: 20, onnotice: () => {} });
      try {
        // Half take the default random code; half ask for the same code (as a retried or seeded
        // insert may): without the per-code lock, the first group races on a rare clash and the
        // second clashes for sure (both see no row, one fails on registrations_event_seq_key).
        const results = await Promise.allSettled(
          users.map((u, i) =>
            sql.begin(async (tx) => {
              // the registration first: its code lock and the tier's row lock are taken in this order
              // by every checkout, so they cannot deadlock
              const [row] =
                i % 2 === 0
                  ? await tx`insert into public.registrations (user_id, tier_id, event_id, frozen_value)
                    values (${u.id}, ${tier}, ${event}, 0) returning seq`
                  : await tx`insert into public.registrations (user_id, tier_id, event_id, frozen_value, seq)
                    values (${u.id}, ${tier}, ${event}, 0, '424242') returning seq`;
              await tx`select pg_sleep(0.002)`; // the rest of the checkout, while the row is uncommitted
              const [tierRow] = await tx`
              update public.pricing_tiers set available = available - 1
              where id = ${tier} and available > 0 returning id`;
              if (!tierRow) throw new Error('sold out');
              return row!.seq as string;
            }),
          ),
        );
        const failures = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
        expect(failures).toEqual([]);
        const seqs = results.map((r) => (r as PromiseFulfilledResult<string>).value);
        expect(new Set(seqs).size).toBe(N);
        for (const s of seqs) expect(s).toMatch(/^[0-9]{6}$/);
        const [stored] = await database.db.query<{ n: number; distinct: number; available: number }>(
          `select count(*)::int as n, count(distinct seq)::int as distinct,
           (select available from public.pricing_tiers where id = $2) as available
         from public.registrations where event_id = $1`,
          [event, tier],
        );
        expect(stored).toEqual({ n: N, distinct: N, available: 0 });
      } finally {
        await sql.end({ timeout: 5 });
      }
    }, 120_000);
  });
}
