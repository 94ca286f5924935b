import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app.ts';
import type { Ports } from '../../functions/api/ports/index.ts';
import type { Host } from '../../server/host.ts';
import { decodeQuotedPrintable, startTestSmtpServer } from '../../server/mail/test-smtp-server.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { client, newEmail, startHost } from './helpers.ts';

/** docs/architecture.md, 'Safe defaults': loopback by default, dev helpers only in dev mode and only for this machine. */

const port = (host: Host) => host.port;

/** GET through node:http, so the Host header (which fetch will not let us set) can be chosen. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes raw bytes to the port and returns the status line of the answer. */
function rawStatusLine(portNumber: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(portNumber, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (data.includes('\r\n')) {
        resolve(data.split('\r\n')[0]!);
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
  });
}

/** An address of this machine that is not loopback (e.g. the LAN address), if it has one. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

describe('defaults', () => {
  it('binds 127.0.0.1 with dev mode on when nothing says otherwise', async () => {
    const host = await startHost();
    try {
      expect(host.address.address).toBe('127.0.0.1');
      expect(host.devHelpers).toBe(true);
      expect(host.mail).toBe('mailbox');
      expect((await fetch(`${host.url}/_dev/mail.json`)).status).toBe(200);
      const settings = (await (await fetch(`${host.url}/auth/v1/settings`)).json()) as {
        external: { google: boolean };
      };
      expect(settings.external.google).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('bound to every interface, dev mode is off unless forced: mailbox and Google picker are gone', async () => {
    const host = await startHost({ host: '0.0.0.0' });
    try {
      expect(host.devHelpers).toBe(false);
      const base = `http://127.0.0.1:${port(host)}`;
      for (const path of [
        '/_dev/mail',
        '/_dev/mail.json',
        '/auth/v1/authorize?provider=google&redirect_to=http%3A%2F%2F127.0.0.1%2F',
        '/auth/v1/callback?state=x&name=Eu&email=admin%40congrega.local',
      ]) {
        expect((await fetch(`${base}${path}`, { redirect: 'manual' })).status, path).toBe(404);
      }
      const settings = (await (await fetch(`${base}/auth/v1/settings`)).json()) as {
        external: { google: boolean; email: boolean };
      };
      expect(settings.external).toEqual({ email: true, google: false });
      // The initials avatar is not a dev helper: stored Google profiles point at it.
      const avatar = await fetch(`${base}/_dev/avatar.svg?name=Ana%20Souza`);
      expect(avatar.status).toBe(200);
      expect(await avatar.text()).toContain('>AS<');
    } finally {
      await host.close();
    }
  });

  it('DEV_HELPERS=0 turns dev mode off on loopback too', async () => {
    const host = await startHost({ devHelpers: false });
    try {
      expect((await fetch(`${host.url}/_dev/mail`)).status).toBe(404);
      expect((await fetch(`${host.url}/auth/v1/authorize?provider=google`)).status).toBe(404);
    } finally {
      await host.close();
    }
  });
});

describe('demo accounts outside dev mode', () => {
  it('no demo account opens with the published password; ADMIN_EMAIL makes the first admin', async () => {
    const host = await startHost({
      seed: true,
      devHelpers: false,
      adminEmail: DEMO_USERS.membro.email.toUpperCase(),
    });
    try {
      expect(host.demoAccountsLocked).toBe(Object.keys(DEMO_USERS).length);
      expect(host.adminGranted).toBe(true);
      for (const user of Object.values(DEMO_USERS)) {
        const { error } = await client(host).auth.signInWithPassword({
          email: user.email,
          password: DEMO_PASSWORD,
        });
        expect(error?.code, user.email).toBe('invalid_credentials');
      }
      const [role] = await host.database.db.query<{ role: string }>(
        'select role from public.user_roles where user_id = $1',
        [DEMO_USERS.membro.id],
      );
      expect(role?.role).toBe('admin');
    } finally {
      await host.close();
    }
  });

  it('in dev mode the demo accounts keep the published password', async () => {
    const host = await startHost({ seed: true });
    try {
      expect(host.demoAccountsLocked).toBe(0);
      const { error } = await client(host).auth.signInWithPassword({
        email: DEMO_USERS.admin.email,
        password: DEMO_PASSWORD,
      });
      expect(error).toBeNull();
    } finally {
      await host.close();
    }
  });
});

describe('dev mode forced on a host open to the network', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ host: '0.0.0.0', devHelpers: true });
  });
  afterAll(() => host?.close());

  it('answers loopback clients only: a request through the LAN address is refused', async () => {
    const local = await get(`http://127.0.0.1:${port(host)}/_dev/mail.json`);
    expect(local.status).toBe(200);
    const lan = lanAddress();
    if (!lan) {
      // No LAN address on this machine: the guard by socket address is covered in server/dev/mode.test.ts.
      console.warn('no non-loopback IPv4 address: LAN request skipped');
      return;
    }
    for (const path of [
      '/_dev/mail',
      '/_dev/mail.json',
      '/auth/v1/authorize?provider=google',
      '/auth/v1/callback?state=x&name=Eu&email=admin%40congrega.local',
    ]) {
      const res = await get(`http://${lan}:${port(host)}${path}`);
      expect(res.status, path).toBe(403);
      expect(res.body).not.toContain('@');
    }
    // The rest of the app is reachable from the LAN, as asked.
    expect((await get(`http://${lan}:${port(host)}/auth/v1/health`)).status).toBe(200);
    expect((await get(`http://${lan}:${port(host)}/_dev/avatar.svg?name=X`)).status).toBe(200);
  });

  it('refuses a loopback request for a foreign Host (DNS rebinding) or through a proxy', async () => {
    const url = `http://127.0.0.1:${port(host)}/_dev/mail.json`;
    expect((await get(url, { host: 'evil.example' })).status).toBe(403);
    expect((await get(url, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await get(url, { forwarded: 'for=203.0.113.9' })).status).toBe(403);
    expect((await get(url, { host: `localhost:${port(host)}` })).status).toBe(200);
  });
});

describe('no permissive CORS on dev pages', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host?.close());

  it('/_dev and the picker never send Access-Control-Allow-Origin; Supabase paths still do', async () => {
    const origin = { origin: 'https://evil.example' };
    for (const path of [
      '/_dev/mail',
      '/_dev/mail.json',
      '/_dev/avatar.svg?name=A',
      '/auth/v1/authorize?provider=google',
    ]) {
      const res = await fetch(`${host.url}${path}`, { headers: origin });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const preflight = await fetch(`${host.url}/_dev/mail.json`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(
      (await fetch(`${host.url}/auth/v1/settings`, { headers: origin })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe('*');
  });
});

describe('real e-mail over SMTP', () => {
  it('with smtpUrl the confirmation mail arrives at the SMTP server and the dev mailbox is off', async () => {
    const smtp = await startTestSmtpServer();
    const host = await startHost({
      smtpUrl: smtp.url('avisos@congrega.app.br', 'senha'),
      smtpFrom: 'Congrega <avisos@congrega.app.br>',
    });
    try {
      expect(host.mail).toBe(`smtp://127.0.0.1:${smtp.port}`);
      const email = newEmail('smtp');
      const { error } = await client(host).auth.signUp({ email, password: 'segredo123' });
      expect(error).toBeNull();
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('avisos@congrega.app.br');
      expect(mail.auth).toEqual({ user: 'avisos@congrega.app.br', pass: 'senha' });
      const body = decodeQuotedPrintable(mail.data);
      expect(body).toContain('Confirme seu cadastro no Congrega');
      expect(body).toMatch(new RegExp(`${host.url}/auth/v1/verify\\?token=[^\\s"]+&type=signup`));
      // Nothing is kept locally, and the mailbox pages do not exist.
      expect(await host.mailbox.list()).toEqual([]);
      expect((await fetch(`${host.url}/_dev/mail.json`)).status).toBe(404);
    } finally {
      await host.close();
      await smtp.close();
    }
  });
});

describe('security headers', () => {
  let host: Host;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'congrega-headers-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Congrega</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    host = await startHost({ distDir: dist, supabaseUrl: 'https://abc.supabase.co' });
  });
  afterAll(async () => {
    await host?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const common = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };

  it('the shell and static files carry the app CSP (no inline script, the map frame, Supabase)', async () => {
    for (const path of ['/', '/events/123', '/assets/index-abc123.js']) {
      const res = await fetch(`${host.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      common(res);
      const csp = res.headers.get('content-security-policy')!;
      // own scripts, plus only the named outside origins (Mercado Pago's SDK on the card step)
      expect(csp).toContain("script-src 'self' https://sdk.mercadopago.com https://http2.mlstatic.com;");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.openstreetmap\.org/);
      expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/abc\.supabase\.co/);
      expect(csp).toMatch(/img-src 'self' data: blob:/);
    }
  });

  it('auth, the API function and host pages carry the headers with a no-content policy', async () => {
    for (const path of [
      '/auth/v1/settings',
      '/functions/v1/api/health',
      '/auth/v1/nada',
      '/_dev/avatar.svg?name=A',
    ]) {
      const res = await fetch(`${host.url}${path}`);
      common(res);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'");
    }
    const mailbox = await fetch(`${host.url}/_dev/mail`);
    common(mailbox);
    expect(mailbox.headers.get('content-security-policy')).not.toContain('script');
  });

  it('the API function sets them itself, so a Supabase deploy has them too', async () => {
    const env = { supabaseUrl: 'http://127.0.0.1:1', anonKey: 'anon', serviceRoleKey: 'service' };
    const api = createApp({ env } as unknown as Ports);
    const res = await api.request('/api/health', { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    common(res);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('storage files may be framed by the app only', async () => {
    const res = await fetch(`${host.url}/storage/v1/object/public/images/nada.png`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('a malformed Host header is a 400, never a 500', async () => {
    const p = port(host);
    for (const hostHeader of ['exa mple', '[::1', 'a@b', 'x/y', 'localhost:99999']) {
      const status = await rawStatusLine(
        p,
        `GET / HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`,
      );
      expect(status, hostHeader).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(await rawStatusLine(p, 'GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    expect(
      await rawStatusLine(p, `GET / HTTP/1.1\r\nHost: localhost:${p}\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 200 /);
  });
});
