import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds the database, the signing keys, receipts and the TLS keys: readable by the
 * host's user only. The folder is created 0700, so nothing in it is reachable by anyone else; what is
 * inside is closed too (folders 0700, files 0600), including what a previous version left open; the
 * process's umask becomes 0077 for what the host writes later. PGlite sets its own files' modes
 * (0666) whatever the umask: the host closes them again once the database is open and when it stops
 * (`closeUp`), and the 0700 folder keeps the ones it creates meanwhile out of reach.
 */
export function makePrivate(dir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // worker threads may not change the umask: the explicit modes below still apply
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  closeUp(dir);
}

/** Folders 0700 and files 0600 under `path` (links are not followed). */
export function closeUp(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return; // never follow a link out of the folder
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) closeUp(join(path, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700);
  }
}
