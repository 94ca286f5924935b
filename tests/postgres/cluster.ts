import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian's layout); .ci/run installs it when missing. */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => join(base, v, 'bin')).find((d) => existsSync(join(d, 'initdb')));
  if (!dir) throw new Error('PostgreSQL is not installed (apt-get install postgresql): .ci/run installs it');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway PostgreSQL server on loopback, in a temp folder, for the tests that need a real one.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user Debian creates.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  // In the postgres vitest project one cluster serves the run: a fresh database on it is enough.
  if (process.env.TEST_POSTGRES_URL) {
    const { createDatabase } = await import('./databases.ts');
    const db = await createDatabase();
    return { url: db.url, stop: () => db.drop() };
  }
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'congrega-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const cmd = join(bin, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  // Whatever happens to the caller (an uncaught error, process.exit), the server goes with it.
  let running = false;
  const stopNow = () => {
    if (running) {
      running = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    running = true; // from here a failed start may still have left a postmaster
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  } catch (error) {
    stopNow();
    process.removeListener('exit', stopNow);
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      stopNow();
      process.removeListener('exit', stopNow);
    },
  };
}
