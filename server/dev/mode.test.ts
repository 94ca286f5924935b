import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { RequestEnv } from '../request-env.ts';
import { devModeFor, devOnly, isLoopbackAddress, isLoopbackInterface, parseDevHelpers } from './mode.ts';

describe('dev mode switch', () => {
  it('is on for loopback interfaces and off for anything else, unless DEV_HELPERS says otherwise', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'])
      expect(devModeFor(h, undefined), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.0.10', 'meu-servidor'])
      expect(devModeFor(h, undefined), h).toBe(false);
    expect(devModeFor('0.0.0.0', true)).toBe(true);
    expect(devModeFor('127.0.0.1', false)).toBe(false);
  });

  it('reads DEV_HELPERS as 1/0 and refuses anything else', () => {
    expect(parseDevHelpers(undefined)).toBeUndefined();
    expect(parseDevHelpers('')).toBeUndefined();
    expect(parseDevHelpers('1')).toBe(true);
    expect(parseDevHelpers('true')).toBe(true);
    expect(parseDevHelpers('0')).toBe(false);
    expect(parseDevHelpers('off')).toBe(false);
    expect(() => parseDevHelpers('talvez')).toThrow(/DEV_HELPERS/);
  });

  it('knows loopback client addresses, including IPv4-mapped IPv6', () => {
    for (const a of [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [
      '',
      '10.0.0.1',
      '192.0.2.2',
      '::ffff:10.0.0.1',
      '::',
      '::2',
      'fe80::1',
      'localhost',
      '0.0.0.0',
    ]) {
      expect(isLoopbackAddress(a), a).toBe(false);
    }
    expect(isLoopbackInterface('localhost')).toBe(true);
  });
});

describe('devOnly guard (by the socket address the host passes in)', () => {
  function app(enabled: boolean) {
    const a = new Hono<{ Bindings: RequestEnv }>();
    a.use('/_dev/*', devOnly({ enabled, publicUrl: 'http://192.168.0.10:5173' }));
    a.get('/_dev/mail.json', (c) => c.json([]));
    return (ip: string, url = 'http://localhost:5173/_dev/mail.json', headers: Record<string, string> = {}) =>
      a.fetch(new Request(url, { headers }), { ip });
  }

  it('lets loopback clients in and refuses everyone else with 403', async () => {
    const call = app(true);
    expect((await call('127.0.0.1')).status).toBe(200);
    expect((await call('::1')).status).toBe(200);
    expect((await call('::ffff:127.0.0.1')).status).toBe(200);
    expect((await call('192.168.0.23')).status).toBe(403);
    expect((await call('::ffff:192.168.0.23')).status).toBe(403);
    expect((await call('')).status).toBe(403);
  });

  it('refuses loopback requests that came through a proxy or name a foreign host', async () => {
    const call = app(true);
    expect((await call('127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(403);
    expect((await call('127.0.0.1', 'http://evil.example:5173/_dev/mail.json')).status).toBe(403);
    expect((await call('127.0.0.1', 'http://192.168.0.10:5173/_dev/mail.json')).status).toBe(200);
    expect((await call('127.0.0.1', 'http://[::1]:5173/_dev/mail.json')).status).toBe(200);
  });

  it('answers 404 to everyone when dev mode is off', async () => {
    const call = app(false);
    expect((await call('127.0.0.1')).status).toBe(404);
    expect((await call('192.168.0.23')).status).toBe(404);
  });
});
