import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds the database, the signing keys, receipts and the TLS keys: readable by the
 * host's user only. The folder is created 0700; what a previous version left more open is closed
 * (folders 0700, files 0600); and the process's umask becomes 0077, so everything written later —
 * PGlite's own files included, which it creates with its defaults — is private too.
 */
export function makePrivate(dir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // worker threads may not change the umask: the explicit modes below still apply
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return; // never follow a link out of the folder
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700);
  }
}
