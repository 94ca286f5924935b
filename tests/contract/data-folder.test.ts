import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
