/**
 * Kysely as a typed query *builder* over the `Db` port: `qb` builds and compiles SQL (it has no
 * connection of its own), `run(db, query)` executes the compiled SQL with `db.query`. The ports stay
 * as they are, so the same code runs on PGlite and on postgres.js, and inside `db.transaction(tx =>
 * run(tx, …))` the query runs on the transaction.
 *
 *   const rows = await run(db, qb.selectFrom('events').select(['id', 'title']).where('id', '=', id));
 *   const tier = await runOneOrNull(tx, qb.updateTable('pricing_tiers')
 *     .set((eb) => ({ available: eb('available', '-', 1) }))
 *     .where('id', '=', tierId).where('available', '>', 0).returning(['id', 'available']));
 *   await exec(db, qb.insertInto('registration_confirmations').values({ …, request_data: { a: 1 } }));
 *
 * What the two drivers return and accept (checked on both by kysely.test.ts):
 * - timestamptz/timestamp/date: a Date on both. Parameters: a Date or an ISO string.
 * - numeric: a string on both (`lat::float8` in SQL when a number is wanted).
 * - bigint: a string on postgres.js; on PGlite a number (a JS bigint beyond 2^53). Use String(value).
 * - text[]/uuid[]: a JS array on both. A JS array parameter works on both when the server can type the
 *   parameter (both drivers ask it, then serialise arrays for array-typed parameters): a column value,
 *   `eb('id', '=', eb.fn.any(eb.val(ids)))`, `sql\`${ids}::uuid[]\``. Without a typed context (e.g. a
 *   bare `select ${ids}`) the parameter is text and both drivers bind Array#toString(): cast it.
 * - jsonb: a parsed value on both. Write an object or an array: postgres.js serialises the value with
 *   JSON.stringify for a jsonb parameter, so a pre-stringified string is stored as a JSON *string*
 *   (PGlite would parse it instead: the drivers disagree). The generated `Jsonb` type refuses strings.
 * - char(n): blank-padded on both (`seq` is char(6): trim or compare as is).
 * - null: SQL null on both. `undefined` is refused by `run` (postgres.js throws, PGlite binds null).
 *
 * Nested reads in one query: `jsonArrayFrom` / `jsonObjectFrom` (re-exported below) aggregate a
 * subquery with json_agg / to_json. Inside the JSON, values lose their driver types: a timestamptz is
 * Postgres's text ('2026-03-10T20:00:00.5+00:00', not toISOString(): normalise with iso()), a numeric
 * or a bigint is a JSON number, a char(n) keeps its padding. Kysely's types already say string /
 * number for those nested fields. Order the subquery (json_agg keeps the subquery's order).
 */
import {
  type Compilable,
  type DeleteResult,
  DummyDriver,
  type InsertResult,
  Kysely,
  type MergeResult,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type UpdateResult,
} from 'kysely';
import type { Db } from '../ports/db.ts';
import type { Database } from './schema.gen.ts';

export { jsonArrayFrom, jsonBuildObject, jsonObjectFrom } from 'kysely/helpers/postgres';
export type { Database } from './schema.gen.ts';

/** Builds and compiles PostgreSQL for the generated `Database`; never connects (DummyDriver). */
export const qb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type Output<Q> = Q extends Compilable<infer O> ? O : never;
/** Rows of a query: none for insert/update/delete/merge without `returning`. */
type Rows<O> = O extends InsertResult | UpdateResult | DeleteResult | MergeResult ? never : O;

function parameters(query: Compilable): { sql: string; params: unknown[] } {
  const compiled = query.compile();
  const params = [...compiled.parameters];
  const hole = params.indexOf(undefined);
  if (hole >= 0) {
    throw new TypeError(`query parameter $${hole + 1} is undefined (use null for SQL null): ${compiled.sql}`);
  }
  return { sql: compiled.sql, params };
}

/** Runs a built query on `db` (a connection or a transaction) and answers its rows. */
export async function run<Q extends Compilable>(db: Db, query: Q): Promise<Rows<Output<Q>>[]> {
  const { sql, params } = parameters(query);
  return db.query<Rows<Output<Q>>>(sql, params);
}

/** Runs a statement whose rows are not needed (insert/update/delete without `returning`). */
export async function exec(db: Db, query: Compilable): Promise<void> {
  const { sql, params } = parameters(query);
  await db.query(sql, params);
}

/** The first row, or null when there is none. */
export async function runOneOrNull<Q extends Compilable>(db: Db, query: Q): Promise<Rows<Output<Q>> | null> {
  const [row] = await run(db, query);
  return row ?? null;
}

/** The first row; when there is none, throws `orElse()` (e.g. `() => notFound('EVENT_NOT_FOUND')`). */
export async function runOne<Q extends Compilable>(
  db: Db,
  query: Q,
  orElse: () => Error = () => new Error('query answered no row'),
): Promise<Rows<Output<Q>>> {
  const row = await runOneOrNull(db, query);
  if (row === null) throw orElse();
  return row;
}
