import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHost } from '../../server/host.ts';
import { DataDirLockedError } from '../../server/lock.ts';
import { adminClient, client, newEmail } from './helpers.ts';

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `congrega-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// PGlite on disk starts slower than the in-memory template (initdb on a busy machine: tens of seconds).
// PGlite-only (the folder holds the database): the postgres project excludes this file.
describe('data folder: lock and persistence', { timeout: 120_000 }, () => {
  it('a second host on the same folder fails with a clear error; a stale lock is taken over', async () => {
    const dir = tempDir('lock');
    const first = await createHost({ dataDir: dir, port: 0, seed: false });
    try {
      const second = createHost({ dataDir: dir, port: 0, seed: false });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/já está em uso pelo processo \d+/);
      // The failed attempt left the first host working.
      expect((await fetch(`${first.url}/auth/v1/health`)).status).toBe(200);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, 'congrega.lock'))).toBe(false);

    // A lock left by a process that no longer exists.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dir, 'congrega.lock'), `${deadPid}\nold\n`);
    const third = await createHost({ dataDir: dir, port: 0, seed: false });
    expect(readFileSync(join(dir, 'congrega.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await third.close();
  });

  it('keys, sessions and files survive a restart', async () => {
    const dir = tempDir('persist');
    const email = newEmail();
    const first = await createHost({ dataDir: dir, port: 0, seed: false });
    let token: string;
    let serviceRoleKey: string;
    try {
      serviceRoleKey = first.serviceRoleKey;
      await adminClient(first).auth.admin.createUser({ email, password: 'senha-forte', email_confirm: true });
      const { data } = await client(first).auth.signInWithPassword({ email, password: 'senha-forte' });
      token = data.session!.access_token;
      const up = await adminClient(first)
        .storage.from('images')
        .upload('p/foto.svg', new TextEncoder().encode('<svg/>'), { contentType: 'image/svg+xml' });
      expect(up.error).toBeNull();
      expect(readFileSync(join(dir, 'storage', 'images', 'p', 'foto.svg'), 'utf8')).toBe('<svg/>');
    } finally {
      await first.close();
    }

    const again = await createHost({ dataDir: dir, port: 0, seed: false });
    try {
      expect(again.serviceRoleKey).toBe(serviceRoleKey);
      // The issuer carries the port: verify with a client on the same URL as before is not possible
      // with port 0, so check the signature through the JWKS kid instead.
      const jwks = (await (await fetch(`${again.url}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
      expect(jwks.keys.map((k) => k.kid)).toContain(kid);
      const { data } = await client(again).auth.signInWithPassword({ email, password: 'senha-forte' });
      expect(data.user?.email).toBe(email);
      const file = await fetch(`${again.url}/storage/v1/object/public/images/p/foto.svg`);
      expect(await file.text()).toBe('<svg/>');
    } finally {
      await again.close();
    }
  });
});

/** Every folder and file under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (mode & 0o077) found.push(`${path} ${mode.toString(8)}`);
  };
  walk(dir);
  return found;
}

describe('data folder: readable by the host’s user only', { timeout: 120_000 }, () => {
  it('folders 0700 and files 0600: database, keys, stored files; older open modes are closed', async () => {
    const dir = join(tempDir('private'), 'dados');
    // what an older version left: an open folder and an open receipt
    mkdirSync(join(dir, 'storage', 'receipts', 'velho'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'storage', 'receipts', 'velho', 'recibo.pdf'), 'x', { mode: 0o644 });
    chmodSync(dir, 0o755);
    const host = await createHost({ dataDir: dir, port: 0, seed: false });
    try {
      const up = await adminClient(host)
        .storage.from('receipts')
        .upload('u/recibo.pdf', new TextEncoder().encode('%PDF-1.4'), { contentType: 'application/pdf' });
      expect(up.error).toBeNull();
    } finally {
      await host.close();
    }
    expect(existsSync(join(dir, 'pgdata'))).toBe(true);
    expect(existsSync(join(dir, 'keys.json'))).toBe(true);
    expect(existsSync(join(dir, 'storage', 'receipts', 'u', 'recibo.pdf'))).toBe(true);
    expect(openToOthers(dir)).toEqual([]);
  });
});
