import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openMigratedDatabase } from '../../server/db.ts';
import { createHost } from '../../server/host.ts';
import { type PostgresCluster, startPostgres } from './cluster.ts';
import { BARE_TEMPLATE, SEEDED_TEMPLATE, withDatabase } from './databases.ts';

// One PostgreSQL for the whole `postgres` project; test files get fresh databases copied from two
// templates (CREATE DATABASE ... TEMPLATE takes milliseconds, migrations take seconds).
let cluster: PostgresCluster | null = null;
/** Everything this run writes on disk (the seed's files, each seeded host's copy): removed at teardown. */
let runDir: string | null = null;

/**
 * Vitest runs the function this returns at the end of the run, on success and on failure. (A named
 * `teardown` export beside a default one is ignored by Vitest: that left one postmaster per run.)
 * A setup that fails half-way stops what it started before rethrowing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  cluster = await startPostgres();
  try {
    const admin = postgres(cluster.url, { onnotice: () => {}, max: 1 });
    try {
      await admin.unsafe(`create database ${BARE_TEMPLATE}`);
      const bare = await openMigratedDatabase({ url: withDatabase(cluster.url, BARE_TEMPLATE) });
      await bare.close();
      await admin.unsafe(`create database ${SEEDED_TEMPLATE} template ${BARE_TEMPLATE}`);
      // The seed also writes storage files and keys: kept in a folder each seeded host copies.
      runDir = mkdtempSync(join(tmpdir(), 'congrega-pg-run-'));
      const seedDir = join(runDir, 'seed');
      const host = await createHost({
        databaseUrl: withDatabase(cluster.url, SEEDED_TEMPLATE),
        dataDir: seedDir,
        port: 0,
      });
      await host.close();
    } finally {
      await admin.end({ timeout: 5 });
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  // This project's workers only (process.env here would reach the unit project's workers too).
  project.config.env.TEST_POSTGRES_URL = cluster.url;
  project.config.env.TEST_POSTGRES_RUN_DIR = runDir!;
  return teardown;
}

async function teardown(): Promise<void> {
  const running = cluster;
  cluster = null;
  try {
    await running?.stop();
  } finally {
    if (runDir) rmSync(runDir, { recursive: true, force: true });
    runDir = null;
  }
}
