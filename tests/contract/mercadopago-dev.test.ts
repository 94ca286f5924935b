import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { startHost } from './helpers.ts';

/** docs/architecture.md, 'Safe defaults' for the Mercado Pago fake: dev mode only, this machine only, no cross-site posts. */

const port = (host: Host) => host.port;

function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const lanAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const PATHS = ['/_dev/mercadopago', '/_dev/mercadopago/payments.json', '/_dev/mercadopago/v1/payments/1'];

describe('Mercado Pago fake outside dev mode', () => {
  it.each([
    ['DEV_HELPERS=0', { devHelpers: false }],
    ['HOST=0.0.0.0', { host: '0.0.0.0' }],
  ])('is gone (404) with dev mode off (%s)', async (_name, opts) => {
    {
      const host = await startHost(opts);
      try {
        expect(host.mercadoPagoFake).toBeNull();
        for (const path of PATHS) {
          expect((await send(`http://127.0.0.1:${port(host)}${path}`)).status, path).toBe(404);
        }
        const post = await send(
          `http://127.0.0.1:${port(host)}/_dev/mercadopago/v1/card_tokens?public_key=x`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          },
        );
        expect(post.status).toBe(404);
      } finally {
        await host.close();
      }
    }
  });

  it('real credentials turn the fake off even in dev mode', async () => {
    const host = await startHost({
      mercadoPago: { accessToken: 'APP_USR-real', publicKey: 'APP_USR-pub', webhookSecret: 's' },
    });
    try {
      expect(host.mercadoPagoFake).toBeNull();
      expect((await send(`${host.url}/_dev/mercadopago`)).status).toBe(404);
    } finally {
      await host.close();
    }
  });
});

describe('Mercado Pago fake in dev mode', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ host: '0.0.0.0', devHelpers: true });
  });
  afterAll(() => host?.close());

  it('answers this machine, and refuses a LAN client, a proxy and a foreign Host (403)', async () => {
    const local = await send(`http://127.0.0.1:${port(host)}/_dev/mercadopago`);
    expect(local.status).toBe(200);
    expect(local.body).toContain('Mercado Pago simulado');
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(local.headers['content-security-policy'])).not.toContain('script-src');
    const url = `http://127.0.0.1:${port(host)}/_dev/mercadopago/payments.json`;
    expect((await send(url, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    expect((await send(url, { headers: { host: 'evil.example' } })).status).toBe(403);
    const lan = lanAddress();
    if (!lan) {
      console.warn(
        'no non-loopback IPv4 address: LAN request skipped (the guard is tested in server/dev/mode.test.ts)',
      );
      return;
    }
    for (const path of PATHS) {
      expect((await send(`http://${lan}:${port(host)}${path}`)).status, path).toBe(403);
    }
  });

  it('the fake API wants its access token; the pay/expire forms refuse another site', async () => {
    const api = `http://127.0.0.1:${port(host)}/_dev/mercadopago`;
    expect((await send(`${api}/v1/payments/1`)).status).toBe(401);
    expect((await send(`${api}/v1/payments/1`, { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    // a page elsewhere posting a form to the dev page (CSRF through the member's own browser)
    const csrf = await send(`${api}/payments/1/pay`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(csrf.status).toBe(403);
    const outage = await send(`${api}/outage`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'on=1',
    });
    expect(outage.status).toBe(403);
    // the page's own form (same origin) reaches the handler: here, a payment that does not exist
    const own = await send(`${api}/payments/1/pay`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port(host)}` },
    });
    expect(own.status).toBe(404);
  });
});
