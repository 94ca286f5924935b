import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { client, newEmail, startHost } from './helpers.ts';

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `congrega-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('static app', () => {
  let host: Host;
  let dist: string;
  beforeAll(async () => {
    dist = tempDir('dist');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Congrega</title><div id="root"></div>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    // the copies `vite build` writes beside each text file (vite.config.ts `precompress`)
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    host = await startHost({ distDir: dist });
  });
  afterAll(() => host?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${host.url}${path}`, { headers });

  it('serves index.html at / and for app routes (SPA fallback), never cached', async () => {
    for (const path of ['/', '/events/123', '/auth/login?redirectTo=%2Fprofile']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).length).toBeGreaterThan(5000);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(`console.log(${JSON.stringify('x'.repeat(5000))});`);
    const tag = gz.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': tag! });
    expect(again.status).toBe(304);
  });

  it('refuses paths that climb out of the build and malformed hosts', async () => {
    for (const path of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/package.json']) {
      const res = await get(path);
      expect(res.status).toBe(404);
    }
    const url = new URL(host.url);
    const { request } = await import('node:http');
    const status = await new Promise<number>((ok, fail) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/', headers: { host: 'evil host/@x' } },
        (res) => ok(res.statusCode ?? 0),
      );
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(400);
  });

  it('refuses bodies over 25 MB with 413', async () => {
    const res = await fetch(`${host.url}/functions/v1/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(26 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('does not answer API paths or missing files with the shell', async () => {
    expect((await get('/assets/nada.js')).status).toBe(404);
    const api = await get('/auth/v1/nada', { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(await api.text()).not.toContain('<div id="root">');
    expect((await get('/_dev/nada', { accept: 'text/html' })).status).toBe(404);
  });

  it('explains in pt-BR when the app was not built', async () => {
    const bare = await startHost({ distDir: join(dist, 'nao-existe') });
    try {
      const res = await fetch(`${bare.url}/`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('dev mailbox', () => {
  it('lists mails as HTML and JSON, newest first, filtered by recipient', async () => {
    const host = await startHost();
    try {
      const a = newEmail('caixa');
      const b = newEmail('caixa');
      await client(host).auth.signUp({ email: a, password: 'segredo123' });
      await client(host).auth.signUp({ email: b, password: 'segredo123' });
      await client(host).auth.resetPasswordForEmail(a);

      const all = (await (await fetch(`${host.url}/_dev/mail.json`)).json()) as {
        to: string;
        subject: string;
      }[];
      expect(all.map((m) => m.to)).toEqual([a, b, a]);
      const onlyA = (await (
        await fetch(`${host.url}/_dev/mail.json?to=${encodeURIComponent(a)}`)
      ).json()) as {
        subject: string;
        link: string;
      }[];
      expect(onlyA.map((m) => m.subject)).toEqual([
        'Redefinição de senha',
        'Confirme seu cadastro no Congrega',
      ]);
      expect(onlyA[0]!.link).toMatch(/type=recovery/);

      const html = await (await fetch(`${host.url}/_dev/mail`)).text();
      expect(html).toContain('Confirme seu cadastro no Congrega');
      expect(html).toContain(`href="${onlyA[0]!.link.replaceAll('&', '&amp;')}"`);
    } finally {
      await host.close();
    }
  });
});

describe('seeded host and the API function', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ seed: true });
  });
  afterAll(() => host?.close());

  it('demo accounts sign in, and the API accepts their token (checked with the host’s own keys)', async () => {
    const { data, error } = await client(host).auth.signInWithPassword({
      email: DEMO_USERS.admin.email,
      password: DEMO_PASSWORD,
    });
    expect(error).toBeNull();
    const me = await fetch(`${host.url}/functions/v1/api/v1/me`, {
      headers: { apikey: host.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(DEMO_USERS.admin.email);

    const anonymous = await fetch(`${host.url}/functions/v1/api/v1/me`, {
      headers: { apikey: host.anonKey },
    });
    expect(anonymous.status).toBe(401);
  });

  it('mounts the function under /functions/v1 with CORS preflight', async () => {
    const health = await fetch(`${host.url}/functions/v1/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const pre = await fetch(`${host.url}/functions/v1/api/v1/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-retry-count',
      },
    });
    expect(pre.status).toBe(204);
    const allowed = pre.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-retry-count']) {
      expect(allowed).toContain(h);
    }
    // JSON answers are compressed (as Supabase's edge does), byte-identical once decoded.
    const plain = await fetch(`${host.url}/functions/v1/api/v1/events/upcoming`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plainText.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${host.url}/functions/v1/api/v1/events/upcoming`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plainText.length / 2);
      expect(await res.text()).toBe(plainText); // fetch decodes it
    }
    // The public reads' cache headers pass through the host (and its compression) untouched.
    const cached = await fetch(`${host.url}/functions/v1/api/v1/events/upcoming`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(cached.headers.get('content-encoding')).toBe('gzip');
    expect(cached.headers.get('cache-control')).toMatch(
      /^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/,
    );
    expect(cached.headers.get('vary')).toMatch(/authorization/i);
    const etag = cached.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    await cached.arrayBuffer();
    const revalidated = await fetch(`${host.url}/functions/v1/api/v1/events/upcoming`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('access-control-allow-origin')).toBe('*');
    expect(await revalidated.text()).toBe('');
    // Demo images were stored by the seed in the public bucket.
    const [row] = await host.database.db.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'images' limit 1",
    );
    expect((await fetch(`${host.url}/storage/v1/object/public/images/${row!.name}`)).status).toBe(200);
  });
});
