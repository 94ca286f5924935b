import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localCertificate, tlsFromEnv } from './tls.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'congrega-tls-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('TLS=local', () => {
  it('creates an authority once and keeps it; the server certificate follows the names', async () => {
    const dir = folder();
    const first = await localCertificate(dir, ['localhost', '127.0.0.1', '192.168.0.10']);
    expect(first.createdAuthority).toBe(true);
    const server = new X509Certificate(first.cert);
    expect(server.subjectAltName).toContain('IP Address:192.168.0.10');
    expect(server.checkIssued(new X509Certificate(first.caCert!))).toBe(true);
    expect(first.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    const again = await localCertificate(dir, ['localhost', '127.0.0.1', '192.168.0.10']);
    expect(again.createdAuthority).toBe(false);
    expect(again.cert).toBe(first.cert);

    // a new address (another network): a new server certificate, the same authority phones trust
    const moved = await localCertificate(dir, ['localhost', '127.0.0.1', '10.0.0.7']);
    expect(moved.fingerprint).toBe(first.fingerprint);
    expect(moved.cert).not.toBe(first.cert);
    expect(new X509Certificate(moved.cert).subjectAltName).toContain('IP Address:10.0.0.7');
  });

  it('renews a server certificate near its end', async () => {
    const dir = folder();
    const old = await localCertificate(dir, ['localhost'], new Date(Date.now() - 380 * 24 * 3600 * 1000));
    const now = await localCertificate(dir, ['localhost']);
    expect(now.fingerprint).toBe(old.fingerprint);
    expect(now.cert).not.toBe(old.cert);
  });

  it('reads the environment: TLS=local in the data folder, TLS_CERT without TLS_KEY is an error', async () => {
    const dir = folder();
    const tls = await tlsFromEnv({ TLS: 'local' }, { dataDir: dir, hosts: ['congrega.lan'] });
    expect(tls?.dir).toBe(join(dir, 'tls'));
    expect(tls?.names).toContain('congrega.lan');
    expect(await tlsFromEnv({}, { dataDir: dir, hosts: [] })).toBeNull();
    await expect(tlsFromEnv({ TLS_CERT: 'x.pem' }, { dataDir: dir, hosts: [] })).rejects.toThrow(/TLS_KEY/);
    await expect(tlsFromEnv({ TLS: 'yes' }, { dataDir: dir, hosts: [] })).rejects.toThrow(/TLS=local/);
  });
});
