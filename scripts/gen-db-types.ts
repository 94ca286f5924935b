/**
 * `npm run db:types`: applies server/bootstrap.sql and supabase/migrations/*.sql to a fresh in-memory
 * PGlite, reads the catalog and writes functions/api/db/schema.gen.ts (the Kysely `Database` type).
 * `npm run db:types:check` (or `npm run db:types -- --check`) only compares and exits 1 when the
 * committed file is stale.
 *
 * Mapping (what both drivers, PGlite and postgres.js, return; see functions/api/db/kysely.ts):
 *   uuid, text, varchar, char → string        int2, int4, float4, float8 → number
 *   numeric → Numeric (read string)           int8 → Int8 (read number/bigint on PGlite, string on postgres.js)
 *   timestamptz, timestamp, date → Timestamp (read Date)   boolean → boolean
 *   json, jsonb → Jsonb (read parsed JSON; written as an object/array only)   T[] → T[]
 *   a single-column check `col = any(array['a','b'])` (or `= any(f())` / `<@ f()` with f an
 *   immutable, argument-less text[] function of public) → the union 'a' | 'b'
 *   nullable → `| null`; a default, identity or generated column → Generated / GeneratedAlways.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../functions/api/ports/db.ts';
import { openMigratedDatabase } from '../server/db.ts';

const root = new URL('..', import.meta.url).pathname;
export const OUTPUT = join(root, 'functions/api/db/schema.gen.ts');

/** Tables outside `public` the API may read, with the columns it may use (GoTrue owns the rest). */
const EXTRA_TABLES: Record<string, readonly string[]> = {
  'auth.users': [
    'id',
    'email',
    'phone',
    'email_confirmed_at',
    'raw_app_meta_data',
    'raw_user_meta_data',
    'created_at',
    'updated_at',
  ],
};

export interface ColumnInfo {
  name: string;
  /** pg_type.typname of the column, or of its element for an array, or of its base for a domain. */
  type: string;
  isArray: boolean;
  notNull: boolean;
  hasDefault: boolean;
  /** '' | 'a' (generated always as identity) | 'd' (by default) */
  identity: string;
  /** '' | 's' (generated always as (…) stored) */
  generated: string;
  /** Allowed values, from an enum type or a single-column check constraint. */
  values: string[] | null;
}

export interface TableInfo {
  /** `events` for public tables, `auth.users` otherwise. */
  key: string;
  schema: string;
  name: string;
  readOnly: boolean;
  columns: ColumnInfo[];
}

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  position: number;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
  type: string;
  type_kind: string;
  element_type: string | null;
  base_type: string | null;
  enum_labels: string[] | null;
}

const COLUMNS_SQL = `
select n.nspname as schema, c.relname as table, c.relkind::text as kind, a.attname as column,
       a.attnum::int as position, a.attnotnull as not_null, a.atthasdef as has_default,
       a.attidentity::text as identity, a.attgenerated::text as generated,
       t.typname as type, t.typtype::text as type_kind, et.typname as element_type, bt.typname as base_type,
       (select array_agg(e.enumlabel::text order by e.enumsortorder)
          from pg_enum e where e.enumtypid = coalesce(et.oid, t.oid)) as enum_labels
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
  left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
  left join pg_type bt on bt.oid = t.typbasetype and t.typtype = 'd'
 where c.relkind in ('r', 'p', 'v', 'm')
   and (n.nspname = 'public' or (n.nspname || '.' || c.relname) = any($1::text[]))
 order by n.nspname, c.relname, a.attnum`;

const CHECKS_SQL = `
select n.nspname as schema, c.relname as table, a.attname as column, pg_get_constraintdef(k.oid) as def
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
 where k.contype = 'c' and cardinality(k.conkey) = 1 and n.nspname = 'public'
 order by k.conname`;

const quoted = /'((?:[^']|'')*)'::(?:text|character varying|bpchar)/g;

/** Values an immutable, argument-less `text[]` function of public returns (e.g. payment_methods()). */
async function functionValues(db: Db, name: string): Promise<string[] | null> {
  const [fn] = await db.query<{ ok: boolean }>(
    `select true as ok from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.pronargs = 0
        and p.provolatile = 'i' and p.prorettype = 'text[]'::regtype`,
    [name],
  );
  if (!fn) return null;
  const [row] = await db.query<{ v: string[] }>(`select public.${quoteIdent(name)}() as v`);
  return row?.v ?? null;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Allowed values a single-column check constraint spells out, or null when it is not a list. */
async function checkValues(db: Db, column: string, def: string): Promise<string[] | null> {
  const col = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const list = new RegExp(`^CHECK \\(\\(\\(?${col}\\)?(?:::text)? = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`).exec(
    def,
  );
  if (list) {
    const values = [...list[1]!.matchAll(quoted)].map((m) => m[1]!.replaceAll("''", "'"));
    return values.length > 0 ? values : null;
  }
  const fn =
    new RegExp(`^CHECK \\(\\(${col} = ANY \\((?:public\\.)?(\\w+)\\(\\)\\)\\)\\)$`).exec(def) ??
    new RegExp(`^CHECK \\(\\(${col} <@ (?:public\\.)?(\\w+)\\(\\)\\)\\)$`).exec(def);
  return fn ? functionValues(db, fn[1]!) : null;
}

const CONSTRAINTS_SQL = `
select k.conname as name
  from pg_constraint k join pg_namespace n on n.oid = k.connamespace
 where n.nspname = 'public' and k.contype in ('c', 'f', 'p', 'u', 'x')
union
select ic.relname as name
  from pg_index i
  join pg_class ic on ic.oid = i.indexrelid
  join pg_class c on c.oid = i.indrelid
  join pg_namespace n on n.oid = c.relnamespace
 where i.indisunique and (n.nspname = 'public' or (n.nspname || '.' || c.relname) = any($1::text[]))`;

/** Names of constraints and unique indexes an error may report (sorted): what pg-errors.ts maps. */
export async function constraintNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(CONSTRAINTS_SQL, [Object.keys(EXTRA_TABLES)]);
  return rows.map((r) => r.name).sort(compare);
}

/** Tables (sorted by key) and their columns (sorted by name) as the catalog describes them. */
export async function introspect(db: Db): Promise<TableInfo[]> {
  const rows = await db.query<ColumnRow>(COLUMNS_SQL, [Object.keys(EXTRA_TABLES)]);
  const checks = await db.query<{ schema: string; table: string; column: string; def: string }>(CHECKS_SQL);
  const allowed = new Map<string, string[]>();
  for (const c of checks) {
    const values = await checkValues(db, c.column, c.def);
    if (values) allowed.set(`${c.schema}.${c.table}.${c.column}`, values);
  }
  const tables = new Map<string, TableInfo>();
  for (const r of rows) {
    const key = r.schema === 'public' ? r.table : `${r.schema}.${r.table}`;
    const only = EXTRA_TABLES[key];
    if (only && !only.includes(r.column)) continue;
    let table = tables.get(key);
    if (!table) {
      table = {
        key,
        schema: r.schema,
        name: r.table,
        readOnly: r.kind === 'v' || r.kind === 'm',
        columns: [],
      };
      tables.set(key, table);
    }
    const isArray = r.element_type !== null;
    table.columns.push({
      name: r.column,
      type: r.base_type ?? r.element_type ?? r.type,
      isArray,
      // GoTrue's real auth.users differs from the bootstrap: read its columns as nullable (id aside)
      notNull: only ? r.column === 'id' : r.not_null,
      hasDefault: r.has_default,
      identity: r.identity,
      generated: r.generated,
      values: r.enum_labels ?? allowed.get(`${r.schema}.${r.table}.${r.column}`) ?? null,
    });
  }
  const out = [...tables.values()].sort((a, b) => compare(a.key, b.key));
  for (const t of out) t.columns.sort((a, b) => compare(a.name, b.name));
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SCALARS: Record<string, string> = {
  uuid: 'string',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  name: 'string',
  inet: 'string',
  int2: 'number',
  int4: 'number',
  oid: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  int8: 'Int8',
  numeric: 'Numeric',
  timestamptz: 'Timestamp',
  timestamp: 'Timestamp',
  date: 'Timestamp',
  json: 'Jsonb',
  jsonb: 'Jsonb',
  bytea: 'Uint8Array',
};

/** The TypeScript spelling of a numeric string type, `${number}`. */
const NUMERIC_TEXT = ['`$', '{number}`'].join('');

function tsType(table: TableInfo, c: ColumnInfo): string {
  let scalar: string;
  if (c.values)
    scalar = c.values.map((v) => `'${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`).join(' | ');
  else {
    const mapped = SCALARS[c.type];
    if (!mapped) {
      throw new Error(
        `${table.key}.${c.name}: no TypeScript type for Postgres type "${c.type}"; add it to SCALARS in scripts/gen-db-types.ts`,
      );
    }
    scalar = mapped;
  }
  // A ColumnType (Timestamp, Numeric, Int8, Jsonb) in an array keeps its select type only.
  if (c.isArray) {
    const element =
      { Timestamp: 'Date', Numeric: NUMERIC_TEXT, Int8: NUMERIC_TEXT, Jsonb: 'Json' }[scalar] ?? scalar;
    scalar = `${element.includes(' | ') ? `(${element})` : element}[]`;
  }
  const type = c.notNull ? scalar : `${scalar} | null`;
  if (c.identity === 'a' || c.generated === 's') return `GeneratedAlways<${type}>`;
  if (c.identity === 'd' || c.hasDefault) return `Generated<${type}>`;
  return type;
}

function pascal(key: string): string {
  return key
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function prop(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

const HEADER = `// Generated by \`npm run db:types\` from server/bootstrap.sql and supabase/migrations/*.sql: do not edit.
// Change a migration, then run \`npm run db:types\`; \`npm run db:types:check\` fails when this file is stale.
import type { ColumnType } from 'kysely';

/**
 * A column the database fills when the insert omits it (default, identity). Unlike Kysely's own
 * Generated, it unwraps a ColumnType (Generated<Timestamp> reads a Date).
 */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

/** A column only the database writes (generated always, identity always). */
export type GeneratedAlways<T> =
  T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;

/**
 * timestamptz/timestamp/date: both drivers read a Date; write a Date or an ISO string. Inside JSON
 * aggregation (jsonArrayFrom/jsonObjectFrom) it comes back as Postgres's text, e.g.
 * '2026-03-10T20:00:00.5+00:00' (Kysely types it as string): normalise with iso() from lib/rows.ts.
 */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * numeric: both drivers read a string (exact decimal); write a number or a string. Inside JSON
 * aggregation it is a JSON number (Kysely dehydrates \`\${number}\` to number).
 */
export type Numeric = ColumnType<\`\${number}\`, number | string, number | string>;

/**
 * bigint: postgres.js reads a string; PGlite a number (a JS bigint beyond 2^53). Normalise with
 * String(value), or select \`col::text\`. Inside JSON aggregation it is a JSON number (exact up to 2^53).
 */
export type Int8 = ColumnType<
  bigint | number | \`\${number}\`,
  bigint | number | string,
  bigint | number | string
>;

export type JsonPrimitive = boolean | number | string | null;
export type JsonArray = Json[];
export type JsonObject = { [key: string]: Json | undefined };
export type Json = JsonArray | JsonObject | JsonPrimitive;

/**
 * jsonb/json: read as parsed JSON. Written as an object or an array, never as pre-stringified text:
 * postgres.js would store a string bound to a jsonb parameter as a JSON string.
 */
export type Jsonb = ColumnType<Json, Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]>;
`;

/** The TypeScript module for the given tables (before formatting). */
export function render(tables: TableInfo[], constraints: string[]): string {
  const parts = [HEADER];
  for (const t of tables) {
    const lines = t.columns.map((c) => `  ${prop(c.name)}: ${tsType(t, c)};`);
    const doc = t.readOnly
      ? `/** ${t.schema}.${t.name} (view: read only) */`
      : `/** ${t.schema}.${t.name} */`;
    parts.push(`${doc}\nexport interface ${pascal(t.key)} {\n${lines.join('\n')}\n}\n`);
  }
  const keys = tables.map((t) => `  ${prop(t.key)}: ${pascal(t.key)};`);
  parts.push(`/** Every table the API reads or writes, for \`Kysely<Database>\`. */
export interface Database {\n${keys.join('\n')}\n}\n`);
  parts.push(`/** Constraints and unique indexes whose name a violation reports (see pg-errors.ts). */
export type ConstraintName =\n${constraints.map((n) => `  | '${n}'`).join('\n')};\n`);
  return parts.join('\n');
}

/** Formats with the repository's Biome settings, so \`npm run lint\` accepts the output as is. */
export function format(code: string, path = OUTPUT): string {
  const local = join(root, 'node_modules/.bin/biome');
  const res = spawnSync(existsSync(local) ? local : 'biome', ['format', `--stdin-file-path=${path}`], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`biome format failed:\n${res.stderr}${res.stdout}`);
  return res.stdout;
}

/** The schema module the migrations describe today. */
export async function generate(): Promise<string> {
  const database = await openMigratedDatabase({});
  try {
    return format(render(await introspect(database.db), await constraintNames(database.db)));
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const code = await generate();
  const file = relative(process.cwd(), OUTPUT) || OUTPUT;
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : null;
  if (check) {
    if (current === code) {
      console.log(`${file} is up to date`);
      return 0;
    }
    console.error(
      `${file} is stale: it does not match server/bootstrap.sql + supabase/migrations. Run \`npm run db:types\` and commit the result.`,
    );
    return 1;
  }
  if (current === code) console.log(`${file} is up to date`);
  else {
    writeFileSync(OUTPUT, code);
    console.log(`wrote ${file}`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
