import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openMigratedDatabase } from '../../server/db.ts';
import { createHost } from '../../server/host.ts';
import { type PostgresCluster, startPostgres } from './cluster.ts';
import { BARE_TEMPLATE, SEEDED_TEMPLATE, withDatabase } from './databases.ts';

// One PostgreSQL for the whole `postgres` project; test files get fresh databases copied from two
// templates (CREATE DATABASE ... TEMPLATE takes milliseconds, migrations take seconds).
let cluster: PostgresCluster | null = null;
let seedDir: string | null = null;

export default async function setup() {
  cluster = await startPostgres();
  const admin = postgres(cluster.url, { onnotice: () => {}, max: 1 });
  try {
    await admin.unsafe(`create database ${BARE_TEMPLATE}`);
    const bare = await openMigratedDatabase({ url: withDatabase(cluster.url, BARE_TEMPLATE) });
    await bare.close();
    await admin.unsafe(`create database ${SEEDED_TEMPLATE} template ${BARE_TEMPLATE}`);
    // The seed also writes storage files and keys: kept in a folder each seeded host copies.
    seedDir = mkdtempSync(join(tmpdir(), 'congrega-pg-seed-'));
    const host = await createHost({
      databaseUrl: withDatabase(cluster.url, SEEDED_TEMPLATE),
      dataDir: seedDir,
      port: 0,
    });
    await host.close();
  } finally {
    await admin.end({ timeout: 5 });
  }
  process.env.TEST_POSTGRES_URL = cluster.url;
  process.env.TEST_POSTGRES_SEED_DIR = seedDir;
}

export async function teardown() {
  await cluster?.stop();
  if (seedDir) rmSync(seedDir, { recursive: true, force: true });
}
