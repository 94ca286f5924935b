import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import postgres from 'postgres';
import type { Db } from '../functions/api/ports/db.ts';
import { createPostgresDb } from '../functions/api/ports/db-postgres.ts';

const root = new URL('..', import.meta.url).pathname;
const migrationsDir = join(root, 'supabase/migrations');

export interface Database {
  db: Db;
  /** Runs a multi-statement SQL script (no parameters). */
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
        await sql.unsafe(text);
      },
      listen: async (channel, cb) => {
        const sub = await sql.listen(channel, cb);
        return () => sub.unlisten();
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const pg = await PGlite.create(opts.dataDir ?? 'memory://', { extensions: { pgcrypto } });
  return {
    db: pgliteDb(pg, false, pg),
    exec: async (text) => {
      await pg.exec(text);
    },
    listen: (channel, cb) => pg.listen(channel, cb),
    close: () => pg.close(),
  };
}

/** Bootstrap (what Supabase provides) then every migration not yet applied, in file-name order. */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(readFileSync(join(root, 'server/bootstrap.sql'), 'utf8'));
  const applied = new Set(
    (await database.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = file.split('_')[0]!;
    if (applied.has(version)) continue;
    await database.exec(`begin;\n${readFileSync(join(migrationsDir, file), 'utf8')}\ncommit;`);
    await database.db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
      version,
      file,
    ]);
    ran.push(file);
  }
  return ran;
}
