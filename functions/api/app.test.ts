import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/domain/messages.ts';
import { createTestApp, startTestHost, type TestHost, unusedDb } from './testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('app', () => {
  it('answers health', async () => {
    expect(await h.call('/health')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('answers CORS preflight with the Supabase headers', async () => {
    const res = await fetch(`${h.api}/v1/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
      },
    });
    expect(res.status).toBeLessThan(300);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-retry-count']) {
      expect(allowed).toContain(header);
    }
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it('answers 404 NOT_FOUND for unknown routes', async () => {
    expect(await h.call('/v1/nope')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('answers 401 UNAUTHORIZED without a token, with garbage, with the anon key and with the service key', async () => {
    const unauthorized = { code: 'UNAUTHORIZED', message: apiErrors.UNAUTHORIZED };
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' },
      { authorization: `Bearer ${h.host.anonKey}`, apikey: h.host.anonKey },
      { authorization: `Bearer ${h.host.serviceRoleKey}` },
    ];
    for (const headers of cases) {
      const res = await h.call('/v1/me', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual(unauthorized);
    }
  });

  it('accepts a real user token', async () => {
    expect((await h.call('/v1/me', { token: await h.token('membro') })).status).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const token = await h.token('membro');
    const [head, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '0d3b7a1e-5c2f-4a8e-9b61-a00000000001' }),
    ).toString('base64url');
    expect((await h.call('/v1/me', { token: `${head}.${forged}.${sig}` })).status).toBe(401);
  });

  it('never leaks a stack trace', async () => {
    const res = await h.call('/signup', { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|Error:/);
  });
});

describe('app error handler (in-process)', () => {
  const failingWith = (error: Record<string, string>) =>
    createTestApp({
      db: {
        ...unusedDb,
        query: async () => {
          throw Object.assign(new Error('from the driver'), error);
        },
      },
    });

  it('answers a Postgres data error with 400 INVALID_DATA, not a 500', async () => {
    expect(await failingWith({ code: '22P02' }).call('/v1/temples')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_DATA', message: apiErrors.INVALID_DATA },
    });
  });

  it('answers a mapped constraint with its code (pg-errors.ts)', async () => {
    const res = await failingWith({ code: '23505', constraint: 'registrations_one_active_idx' }).call(
      '/v1/temples',
    );
    expect(res).toMatchObject({ status: 409, body: { code: 'ALREADY_REGISTERED' } });
  });

  it('keeps other failures a 500 INTERNAL without details', async () => {
    const res = await failingWith({ code: 'XX000' }).call('/v1/temples');
    expect(res).toMatchObject({ status: 500, body: { code: 'INTERNAL', message: apiErrors.INTERNAL } });
  });
});
