import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { type Database, openMigratedDatabase } from '../../server/db.ts';

/** Template databases the postgres project's global setup creates: migrations only, and + demo seed. */
export const BARE_TEMPLATE = 'congrega_bare';
export const SEEDED_TEMPLATE = 'congrega_seeded';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The shared cluster of the `postgres` vitest project, or null in the `unit` project (PGlite). */
export function testPostgresUrl(): string | null {
  return process.env.TEST_POSTGRES_URL || null;
}

let n = 0;

/** A new empty database on the shared cluster (tests that migrate it themselves). */
export async function createDatabase(
  template = 'template0',
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = testPostgresUrl();
  if (!base) throw new Error('TEST_POSTGRES_URL is not set (run with --project postgres)');
  n += 1;
  const name = `t_${process.pid}_${n}_${Date.now().toString(36)}`;
  const admin = postgres(base, { onnotice: () => {}, max: 1 });
  try {
    await admin.unsafe(`create database ${name} template ${template}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return {
    url: withDatabase(base, name),
    async drop() {
      const a = postgres(base, { onnotice: () => {}, max: 1 });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end({ timeout: 5 });
      }
    },
  };
}

/**
 * Host options that put a test host on a fresh database of the shared cluster (postgres project),
 * or nothing (unit project: the host opens PGlite in memory). A seeded host also gets a copy of the
 * seed's storage files and keys, which live outside the database.
 */
export async function testDatabaseOptions(
  seeded: boolean,
): Promise<{ databaseUrl?: string; dataDir?: string }> {
  if (!testPostgresUrl()) return {};
  const db = await createDatabase(seeded ? SEEDED_TEMPLATE : BARE_TEMPLATE);
  if (!seeded) return { databaseUrl: db.url };
  const runDir = process.env.TEST_POSTGRES_RUN_DIR;
  if (!runDir) throw new Error('TEST_POSTGRES_RUN_DIR is not set');
  const dataDir = mkdtempSync(join(runDir, 'data-'));
  cpSync(join(runDir, 'seed'), dataDir, { recursive: true });
  rmSync(join(dataDir, 'congrega.lock'), { force: true });
  return { databaseUrl: db.url, dataDir };
}

/** The project's database with migrations: PGlite in memory (unit) or a fresh PostgreSQL one (postgres). */
export async function openTestDatabase(): Promise<Database & { driver: 'pglite' | 'postgres' }> {
  if (!testPostgresUrl()) return { ...(await openMigratedDatabase({})), driver: 'pglite' };
  const db = await createDatabase(BARE_TEMPLATE);
  const database = await openMigratedDatabase({ url: db.url });
  return { ...database, driver: 'postgres', close: () => database.close().then(() => db.drop()) };
}
