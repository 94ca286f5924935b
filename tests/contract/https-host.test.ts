/**
 * The host on the network: HTTPS under a LAN name the host itself cannot resolve, silent and piled-up
 * connections, the plain-HTTP redirect and TRUST_PROXY. All traffic stays on loopback: the LAN
 * name is only the public URL (the token issuer, the redirect target), and a LAN client is played
 * by giving a loopback connection another address on the server side.
 */
import { type Socket, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../server/auth/client-ip.ts';
import type { Host } from '../../server/host.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { CONNECTION_LIMITS, localCertificate, type TlsFiles } from '../../server/tls.ts';
import { startHost, supabaseClient } from './helpers.ts';

const LAN_NAME = 'porta.congrega.lan';

/** A raw connection to the host's port on loopback; `closed` resolves when the server drops it. */
function rawSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((ok, fail) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.once('connect', () => ok({ socket, closed }));
    socket.once('error', fail);
  });
}

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Whether a plain GET /auth/v1/health on loopback gets an answer (a fresh connection each time). */
async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/auth/v1/health`, { headers: { connection: 'close' } });
    return res.status === 200;
  } catch {
    return false;
  }
}

describe('HTTPS under a LAN name (PUBLIC_URL the host cannot resolve)', () => {
  let host: Host;
  let tls: TlsFiles;
  let port: number;
  beforeAll(async () => {
    tls = await localCertificate(null, ['localhost', '127.0.0.1', LAN_NAME]);
    // port 0: the LAN URL has no port (the issuer is what matters); the host is reached on loopback
    host = await startHost({ seed: true, tls, publicUrl: `https://${LAN_NAME}`, devHelpers: true });
    port = host.port;
  }, 120_000);
  afterAll(() => host?.close());

  it('signed-in API calls answer 200: the API checks tokens with the host’s own keys', async () => {
    // over plain HTTP on loopback (the host's own machine), as Node does not know the LAN name
    const supabase = supabaseClient(`http://127.0.0.1:${port}`, host.anonKey);
    const { data, error } = await supabase.auth.signInWithPassword({
      email: DEMO_USERS.voluntario.email,
      password: DEMO_PASSWORD,
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.iss).toBe(`https://${LAN_NAME}/auth/v1`);
    const api = `http://127.0.0.1:${port}/functions/v1/api`;
    const me = await fetch(`${api}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const events = await fetch(`${api}/v1/admin/checkin/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(events.status).toBe(200);
  });

  it('what the API asks of auth and storage is answered in process too (a password check)', async () => {
    const supabase = supabaseClient(`http://127.0.0.1:${port}`, host.anonKey);
    const { data } = await supabase.auth.signInWithPassword({
      email: DEMO_USERS.membro.email,
      password: DEMO_PASSWORD,
    });
    // deleting one's account checks the password through auth (the AuthAdmin port): a wrong one is
    // refused with its own code, not a failed request to https://porta.congrega.lan
    const res = await fetch(`http://127.0.0.1:${port}/functions/v1/api/v1/me/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'nao-e-essa' }),
    });
    const body = (await res.json()) as { code: string };
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(body.code).not.toBe('INTERNAL');
  });

  it('plain HTTP from the LAN is sent to PUBLIC_URL’s host, whatever Host the client wrote', async () => {
    // this connection comes from a LAN address as far as the host's HTTP layer knows
    const asLan = (socket: Socket) => Object.defineProperty(socket, 'remoteAddress', { value: '192.0.2.7' });
    host.httpServer.prependListener('connection', asLan);
    try {
      const answer = await new Promise<string>((ok, fail) => {
        const socket = tcpConnect({ host: '127.0.0.1', port }, () =>
          socket.write('GET /admin/checkin?x=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (d) => {
          text += d.toString();
        });
        socket.once('end', () => ok(text));
        socket.once('error', fail);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 308/);
      expect(answer).toMatch(
        new RegExp(`\\r\\nlocation: https://${LAN_NAME}/admin/checkin\\?x=1\\r\\n`, 'i'),
      );
      expect(answer).not.toContain('evil.example');
    } finally {
      host.httpServer.off('connection', asLan);
    }
  });

  it('serves HTTPS under the LAN name with the local authority', async () => {
    const authorized = await new Promise<boolean>((ok, fail) => {
      const socket = tlsConnect({ host: '127.0.0.1', servername: LAN_NAME, port, ca: tls.caCert }, () => {
        ok(socket.authorized);
        socket.end();
      });
      socket.once('error', fail);
    });
    expect(authorized).toBe(true);
  });
});

describe('silent and piled-up connections, on both protocols', () => {
  const silentMs = 400;
  const idleMs = 800;
  let plain: Host;
  let secure: Host;
  beforeAll(async () => {
    const tls = await localCertificate(null, ['localhost', '127.0.0.1']);
    plain = await startHost({ connectionLimits: { silentMs, idleMs } });
    secure = await startHost({ tls, connectionLimits: { silentMs } });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
  });
  const port = (h: Host) => h.port;

  it('a connection that never sends a byte is closed after a few seconds at most (default 5 s)', async () => {
    expect(CONNECTION_LIMITS.silentMs).toBeLessThanOrEqual(5_000);
    for (const h of [plain, secure]) {
      const { closed } = await rawSocket(port(h));
      const ms = await closed;
      expect(ms).toBeGreaterThanOrEqual(silentMs - 50);
      expect(ms).toBeLessThan(silentMs + 3_000);
    }
  });

  it('a TLS handshake that starts and stalls is closed too', async () => {
    const { socket, closed } = await rawSocket(port(secure));
    socket.write(Buffer.from([0x16, 0x03, 0x01])); // the first bytes of a ClientHello, then silence
    const ms = await closed;
    expect(ms).toBeLessThan(silentMs + 3_000);
  });

  it('a kept-alive connection is closed once idle for `idleMs` (default 65 s, past the clients’ own 5 s)', async () => {
    expect(CONNECTION_LIMITS.idleMs).toBeGreaterThanOrEqual(60_000);
    const { socket, closed } = await rawSocket(port(plain));
    const answered = new Promise<number>((ok) => socket.once('data', () => ok(Date.now())));
    socket.write('GET /auth/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const at = await answered;
    await closed;
    const idle = Date.now() - at;
    expect(idle).toBeGreaterThanOrEqual(idleMs - 50);
    expect(idle).toBeLessThan(idleMs + 3_000);
  });

  it('a request still works after the first byte (keep-alive reuse included)', async () => {
    expect(await answers(port(plain))).toBe(true);
    const res = await fetch(`${secure.url.replace('https', 'http')}/auth/v1/health`);
    expect(res.status).toBe(200);
  });
});

describe('connections per client address', () => {
  const perAddress = 6;
  let plain: Host;
  let secure: Host;
  beforeAll(async () => {
    const tls = await localCertificate(null, ['localhost', '127.0.0.1']);
    plain = await startHost({ connectionLimits: { perAddress, silentMs: 60_000 } });
    secure = await startHost({ tls, connectionLimits: { perAddress, silentMs: 60_000 } });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
  });

  it(`past ${perAddress} open connections from one address, more are closed at once; freed on close`, async () => {
    for (const h of [plain, secure]) {
      const port = h.port;
      const held = [];
      for (let i = 0; i < perAddress; i++) held.push(await rawSocket(port));
      const extra = await rawSocket(port).catch(() => null);
      if (extra) expect(await extra.closed).toBeLessThan(2_000);
      expect(await answers(port)).toBe(false);
      // the held ones are still open
      expect(held.every((s) => !s.socket.destroyed)).toBe(true);
      held.pop()!.socket.destroy();
      await until(() => answers(port));
      for (const s of held) s.socket.destroy();
    }
  });

  it('the default bound is documented in numbers', () => {
    expect(CONNECTION_LIMITS.perAddress).toBe(128);
  });
});

describe('TRUST_PROXY: the proxy’s address', () => {
  it('parses addresses, keeps 1/true as “any peer”, refuses anything else with a pt-BR message', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(true);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(parseTrustProxy(' 10.0.0.5, ::ffff:10.0.0.6 ,[::1]')).toEqual(['10.0.0.5', '10.0.0.6', '::1']);
    expect(() => parseTrustProxy('proxy.lan')).toThrow(/TRUST_PROXY=proxy\.lan: use o endereço IP/);
  });

  async function failedSignIns(host: Host, forwardedFor: (i: number) => string, n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: host.anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor(i),
        },
        body: JSON.stringify({ email: `ninguem${i}@example.com`, password: 'errada' }),
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('X-Forwarded-For from another peer than the proxy is ignored: the socket is counted', async () => {
    const host = await startHost({ trustProxy: ['10.0.0.5'], loginLimits: { perIp: 3 } });
    try {
      // each request claims another client; the host counts 127.0.0.1 and throttles after 3
      const statuses = await failedSignIns(host, (i) => `198.51.100.${i + 1}`, 5);
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await host.close();
    }
  });

  it('from the proxy’s address, its last X-Forwarded-For entry is the client; the proxy is not capped', async () => {
    const host = await startHost({
      trustProxy: ['127.0.0.1'],
      loginLimits: { perIp: 3 },
      connectionLimits: { perAddress: 2, silentMs: 60_000 },
    });
    try {
      const statuses = await failedSignIns(host, (i) => `1.2.3.4, 198.51.100.${i + 1}`, 5);
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      // more connections than perAddress from the proxy: all served
      const port = host.port;
      const held = await Promise.all([rawSocket(port), rawSocket(port), rawSocket(port)]);
      expect(await answers(port)).toBe(true);
      for (const s of held) s.socket.destroy();
    } finally {
      await host.close();
    }
  });
});
