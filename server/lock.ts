import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `A pasta de dados "${dir}" já está em uso pelo processo ${pid}. ` +
        'Pare o outro Congrega (ou use outra DATA_DIR) e tente de novo.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it, so we hold a PID file.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'congrega.lock');
  // The token tells our lock apart from another host in this same process (same PID).
  const content = `${process.pid}\n${randomUUID()}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, content);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === content) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = Number.NaN;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    } catch {
      continue; // Removed between our open and read: try again.
    }
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dir, pid);
    rmSync(file, { force: true }); // Stale lock from a dead process.
  }
  throw new Error(`Não foi possível travar a pasta de dados "${dir}".`);
}
