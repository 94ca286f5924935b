import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.ts';

/**
 * The listener's micro-cache in front of a stand-in app that counts its calls, with a clock the test
 * moves (server/micro-cache.ts; the real host's reads and edits: tests/contract/public-reads.test.ts).
 */
let clock = 0;
let calls = 0;
let version = 'v1';
/** While set, the app's GETs wait for it (a slow read). */
let gate: Promise<void> | null = null;
let server: Server;
let base: string;

const PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

async function app(req: Request): Promise<Response> {
  calls++;
  if (req.method === 'GET') await gate;
  const path = new URL(req.url).pathname;
  if (req.method !== 'GET') return Response.json({ ok: true });
  const etag = `W/"${version}"`;
  const headers: Record<string, string> = {
    etag,
    vary: 'Authorization, Accept-Encoding',
    'cache-control':
      req.headers.has('authorization') || path.endsWith('/private') ? 'private, no-store' : PUBLIC,
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return Response.json({ version, member: req.headers.has('authorization') }, { headers });
}

beforeAll(async () => {
  const cache = createMicroCache(() => clock);
  const listener = getRequestListener((req, { incoming }) => cache.fetch(incoming, req, app));
  server = createServer((req, res) => cache.handle(req, res, () => listener(req, res)));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  clock += 60_000; // nothing kept from the test before
  calls = 0;
  version = 'v1';
  gate = null;
});

function call(
  path: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; cacheControl?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, cacheControl: res.headers['cache-control'] }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const EVENT = '/functions/v1/api/v1/events/1';

describe('micro-cache of anonymous public reads', () => {
  it('a crowd asking at once costs the app one call; the answer is kept one second', async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, () => call(EVENT)));
    expect(crowd.every((r) => r.status === 200 && JSON.parse(r.body).version === 'v1')).toBe(true);
    expect(calls).toBe(1);
    clock += 999;
    expect((await call(EVENT)).status).toBe(200);
    expect(calls).toBe(1);
    clock += 2;
    version = 'v2';
    expect(JSON.parse((await call(EVENT)).body).version).toBe('v2');
    expect(calls).toBe(2);
  });

  it('any write through the host drops what is kept: the next read asks the app', async () => {
    await call(EVENT);
    version = 'v2';
    expect((await call('/functions/v1/api/v1/admin/events/1', { method: 'PUT' })).status).toBe(200);
    expect(JSON.parse((await call(EVENT)).body).version).toBe('v2');
    expect(calls).toBe(3);
  });

  it('a read that overlapped a write is not kept', async () => {
    let release!: () => void;
    gate = new Promise((ok) => {
      release = ok;
    });
    const slow = call(EVENT);
    while (calls === 0) await new Promise((ok) => setImmediate(ok)); // the read reached the app
    await call('/functions/v1/api/v1/admin/events/1', { method: 'POST' });
    release();
    expect((await slow).status).toBe(200);
    gate = null;
    version = 'v2';
    expect(JSON.parse((await call(EVENT)).body).version).toBe('v2');
    expect(calls).toBe(3);
  });

  it('a request with a token always reaches the app and its answer is never kept or served to others', async () => {
    await call(EVENT); // kept
    const member = await call(EVENT, { headers: { authorization: 'Bearer x' } });
    expect(JSON.parse(member.body).member).toBe(true);
    expect(member.cacheControl).toBe('private, no-store');
    expect(calls).toBe(2);
    clock += 60_000; // nothing kept
    await call(EVENT, { headers: { authorization: 'Bearer x' } });
    const anonymous = await call(EVENT);
    expect(JSON.parse(anonymous.body).member).toBe(false);
    expect(anonymous.cacheControl).toBe(PUBLIC);
    expect(calls).toBe(4);
  });

  it('an answer not marked for a shared cache is never kept', async () => {
    await call('/functions/v1/api/v1/private');
    await call('/functions/v1/api/v1/private');
    expect(calls).toBe(2);
  });

  it('a revalidation that fills the entry still gets its 304; later ones get 304 or the body from it', async () => {
    const first = await call(EVENT, { headers: { 'if-none-match': 'W/"v1"' } });
    expect(first.status).toBe(304);
    expect(first.body).toBe('');
    expect((await call(EVENT, { headers: { 'if-none-match': 'W/"v1"' } })).status).toBe(304);
    const whole = await call(EVENT);
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body).version).toBe('v1');
    expect(calls).toBe(1);
  });
});
