import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import postgres from 'postgres';
import type { Db } from '../functions/api/ports/db.ts';
import { createPostgresDb } from '../functions/api/ports/db-postgres.ts';

const root = new URL('..', import.meta.url).pathname;
const migrationsDir = join(root, 'supabase/migrations');

export interface Database {
  db: Db;
  /** Runs a multi-statement SQL script (no parameters) in one transaction: all of it or nothing. */
  exec(sql: string): Promise<void>;
  /** LISTEN on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function pgliteDb(conn: PGlite | Transaction, inTx: boolean, pg: PGlite): Db {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await conn.query<T>(sql, params);
      return res.rows;
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(this);
      return pg.transaction((tx) => fn(pgliteDb(tx, true, pg)));
    },
  };
}

/** PGlite in a folder (or `memory://`), or a real PostgreSQL when a URL is given. */
export async function openDatabase(opts: { dataDir?: string; url?: string }): Promise<Database> {
  if (opts.url) {
    const sql = postgres(opts.url, { onnotice: () => {}, max: 10 });
    return {
      db: createPostgresDb(sql),
      exec: async (text) => {
        // postgres.js refuses a bare begin/commit on a pool: the transaction has to be its own.
        await sql.begin((tx) => tx.unsafe(text));
      },
      listen: async (channel, cb) => {
        const sub = await sql.listen(channel, cb);
        return () => sub.unlisten();
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  return pgliteDatabase(
    await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { pgcrypto, pg_trgm } }),
  );
}

function pgliteDatabase(pg: PGlite): Database {
  return {
    db: pgliteDb(pg, false, pg),
    exec: async (text) => {
      await pg.transaction((tx) => tx.exec(text));
    },
    listen: (channel, cb) => pg.listen(channel, cb),
    close: () => pg.close(),
  };
}

/** Bootstrap (what Supabase provides) then every migration not yet applied, in file-name order. */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(readFileSync(join(root, 'server/bootstrap.sql'), 'utf8'));
  const applied = new Set(
    (
      await database.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).map((r) => r.version),
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = file.split('_')[0]!;
    if (applied.has(version)) continue;
    // The ledger row goes in the migration's own transaction, so a failed migration leaves no trace.
    const ledger = `insert into supabase_migrations.schema_migrations (version, name) values (${quote(version)}, ${quote(file)});`;
    await database.exec(`${readFileSync(join(migrationsDir, file), 'utf8')}\n;${ledger}`);
    ran.push(file);
  }
  return ran;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function migrated(database: Database): Promise<Database> {
  try {
    await migrate(database);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Identifies the schema a template holds: PGlite version, bootstrap and every migration. */
function templateFile(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(readFileSync(join(root, 'server/bootstrap.sql')));
  for (const file of readdirSync(migrationsDir).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(migrationsDir, file)));
  }
  return join(tmpdir(), `congrega-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

function readTemplate(file: string): Blob | null {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return null;
  }
}

/**
 * Opens the database and applies bootstrap + migrations. A new PGlite (in memory, or a data folder
 * not created yet) starts from a migrated template cached in the temp folder: initdb is most of
 * PGlite's start-up (seconds), and every test file starts its own host.
 */
export async function openMigratedDatabase(opts: { dataDir?: string; url?: string }): Promise<Database> {
  if (opts.url) return migrated(await openDatabase(opts));
  const dir = opts.dataDir ?? 'memory://';
  const isNew = dir === 'memory://' || !existsSync(join(dir, 'PG_VERSION'));
  if (!isNew) return migrated(await openDatabase({ dataDir: dir }));

  const file = templateFile();
  const template = readTemplate(file);
  let pg: PGlite | null = null;
  if (template) {
    try {
      pg = await PGlite.create(dir, { extensions: { pgcrypto, pg_trgm }, loadDataDir: template });
    } catch {
      // Unreadable template: forget it (and any half-extracted folder) and run initdb below.
      rmSync(file, { force: true });
      if (dir !== 'memory://') rmSync(dir, { recursive: true, force: true });
    }
  }
  const fresh = !pg;
  pg ??= await PGlite.create(dir, { extensions: { pgcrypto, pg_trgm } });
  const database = await migrated(pgliteDatabase(pg));
  if (fresh) {
    const dump = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, dump);
    renameSync(tmp, file); // atomic: parallel test workers never read half a template
  }
  return database;
}
