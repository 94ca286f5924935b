import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooComplexMessage } from '../../../src/domain/text.ts';
import { startTestHost, type TestHost } from '../testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(() => h?.close());

/** About 6,000 levels of `[` in 10 KB: a recursive walk of it overflows the stack. */
const DEEP = '['.repeat(6000);
const DEEP_OBJECT = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
const MANY_STRINGS = `{"x":[${'"s",'.repeat(12_000)}"s"]}`;

describe('deeply nested or string-stuffed JSON is refused with 400 before anything walks it', () => {
  const apiPaths = ['/health', '/signup', '/v1/webhooks/mercadopago', '/v1/welcome', '/v1/checkins/sync'];

  it('on the API: {code, message} on every route, with or without a token, whatever the declared type', async () => {
    const token = await h.token('voluntario');
    for (const path of apiPaths) {
      for (const raw of [DEEP, DEEP_OBJECT, MANY_STRINGS]) {
        for (const contentType of ['application/json', 'text/plain']) {
          for (const auth of [undefined, token]) {
            const res = await h.call(path, { raw, token: auth, headers: { 'content-type': contentType } });
            expect({ path, status: res.status, body: res.body }).toEqual({
              path,
              status: 400,
              body: { code: 'INVALID_DATA', message: tooComplexMessage },
            });
          }
        }
      }
    }
  });

  it('on auth: its own error shape on /auth/v1/signup, /token, /recover, /user', async () => {
    for (const path of ['/signup', '/token?grant_type=password', '/recover', '/user', '/logout']) {
      for (const raw of [DEEP, DEEP_OBJECT, MANY_STRINGS]) {
        const res = await fetch(`${h.url}/auth/v1${path}`, {
          method: path === '/user' ? 'PUT' : 'POST',
          headers: { apikey: h.host.anonKey, 'content-type': 'application/json' },
          body: raw,
        });
        const body = (await res.json()) as { code: string; message: string };
        expect({ path, status: res.status, code: body.code, message: body.message }).toEqual({
          path,
          status: 400,
          code: 'validation_failed',
          message: tooComplexMessage,
        });
      }
    }
  });

  it('ordinary bodies still pass: a sign-in and the API health', async () => {
    expect((await h.call('/health')).status).toBe(200);
    expect(await h.token('membro')).toMatch(/\./);
  });
});
