/**
 * Throttles count real clients, never the host: the API's /signup calls auth from the host's own
 * address, so one client's signups must not lock out everyone else. And a signed-out token stops
 * working on the API at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { DEMO_PASSWORD, DEMO_TEMPLES, DEMO_USERS } from '../../server/seed/demo.ts';
import { client, newEmail, startHost } from './helpers.ts';

let n = 0;
/** A valid CPF (check digits computed) that no one else in this file uses. */
function cpf(): string {
  n += 1;
  const base = String(100_000_000 + n * 7919)
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

function signup(host: Host, address: string) {
  return fetch(`${host.url}/functions/v1/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      email: newEmail('cadastro'),
      password: 'segredo123',
      congregacao: DEMO_TEMPLES.sede.id,
      consentCongregation: true,
      otherChurch: null,
      phone: '(11) 98765-4321',
      cpf: cpf(),
      options: { emailRedirectTo: null, data: { display_name: 'Pessoa Nova' } },
    }),
  });
}

describe('signup throttles count the real client (TRUST_PROXY: the proxy’s last X-Forwarded-For entry)', () => {
  let host: Host;
  beforeAll(async () => {
    // auth's own limit per client lowered to 5, under the API's 10
    host = await startHost({ seed: true, trustProxy: true, mailLimits: { perIp: 5 } });
  }, 120_000);
  afterAll(() => host?.close());

  it("auth's limit holds the client that reached it, not everyone behind the API's address", async () => {
    for (let i = 0; i < 5; i++) expect((await signup(host, '203.0.113.1')).status).toBe(200);
    const held = await signup(host, '203.0.113.1');
    expect(held.status).toBe(429);
    expect(await held.json()).toEqual({
      code: 'SIGNUP_RATE_LIMITED',
      message:
        'Muitos cadastros feitos a partir desta conexão em pouco tempo. Tente novamente em 15 minutos.',
    });
    // another visitor still signs up
    expect((await signup(host, '203.0.113.2')).status).toBe(200);
  }, 60_000);
});

describe("the API's own limit per client, before auth", () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ seed: true, trustProxy: true });
  }, 120_000);
  afterAll(() => host?.close());

  it('10 signups per client in 15 minutes, then 429 saying what happened and when to retry', async () => {
    for (let i = 0; i < 10; i++) expect((await signup(host, '203.0.113.7')).status).toBe(200);
    const held = await signup(host, '203.0.113.7');
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await held.json()) as { code: string; message: string };
    expect(body.code).toBe('SIGNUP_RATE_LIMITED');
    expect(body.message).toMatch(
      /^Muitos cadastros feitos a partir desta conexão em pouco tempo\. Tente novamente em \d+ (minutos?|segundos?)\.$/,
    );
    expect((await signup(host, '203.0.113.8')).status).toBe(200);
  }, 60_000);

  it('a forged X-Forwarded-For first entry does not escape: the proxy’s last entry is the client', async () => {
    for (let i = 0; i < 10; i++) expect((await signup(host, `10.9.9.${i}, 203.0.113.50`)).status).toBe(200);
    expect((await signup(host, '10.9.9.99, 203.0.113.50')).status).toBe(429);
  }, 60_000);
});

describe('one signup limit for both doors: /auth/v1/signup counts in the API’s 10 per 15 minutes', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ seed: true, trustProxy: true });
  }, 120_000);
  afterAll(() => host?.close());

  const direct = (address: string) =>
    fetch(`${host.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: host.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: newEmail('direto'), password: 'segredo123' }),
    });

  it('signups straight to auth and through the API share the count of the client', async () => {
    for (let i = 0; i < 5; i++) expect((await signup(host, '203.0.113.60')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await direct('203.0.113.60')).status).toBe(200);
    const held = await direct('203.0.113.60');
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await held.json()) as { code: string; msg: string };
    expect(body.code).toBe('over_request_rate_limit');
    expect(body.msg).toMatch(
      /^Muitos cadastros feitos a partir desta conexão em pouco tempo\. Tente novamente em \d+ (minutos?|segundos?)\.$/,
    );
    expect((await signup(host, '203.0.113.60')).status).toBe(429);
    // another client is not held
    expect((await direct('203.0.113.61')).status).toBe(200);
  }, 60_000);
});

describe('an access token after sign-out', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ seed: true });
  }, 120_000);
  afterAll(() => host?.close());

  it('stops working on the API at once (its session is gone), on every sign-out scope', async () => {
    for (const scope of ['local', 'global'] as const) {
      const c = client(host);
      const { data } = await c.auth.signInWithPassword({
        email: DEMO_USERS.membro.email,
        password: DEMO_PASSWORD,
      });
      const token = data.session!.access_token;
      const me = () =>
        fetch(`${host.url}/functions/v1/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect((await me()).status).toBe(200);
      await c.auth.signOut({ scope });
      const after = await me();
      expect({ scope, status: after.status }).toEqual({ scope, status: 401 });
      expect(((await after.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    }
  });
});
