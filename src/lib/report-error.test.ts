import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, toErrorReport } from './report-error.ts';

const AT = new Date('2026-03-01T12:00:00Z');

class ApiFailureLike extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

describe('toErrorReport', () => {
  it('keeps the name, message, code, status and context; drops the query from the path', () => {
    const report = toErrorReport(
      new ApiFailureLike(500, 'INTERNAL', 'boom'),
      { where: 'signup', step: 'post', missing: undefined },
      '/auth/signup?email=maria%40exemplo.com#x',
      AT,
    );
    expect(report).toEqual({
      where: 'signup',
      name: 'ApiFailure',
      message: 'boom',
      code: 'INTERNAL',
      status: 500,
      context: { step: 'post' },
      path: '/auth/signup',
      at: '2026-03-01T12:00:00.000Z',
    });
  });

  it('reads anything thrown and clips long texts', () => {
    expect(toErrorReport('plain', { where: 'x' }, '/', AT)).toMatchObject({
      name: 'string',
      message: 'plain',
    });
    expect(toErrorReport(null, { where: 'x' }, '/', AT)).toMatchObject({ message: 'null' });
    const long = toErrorReport(new Error('a'.repeat(2000)), { where: 'x' }, '/', AT);
    expect(long.message.length).toBeLessThanOrEqual(501);
  });
});

describe('createErrorReporter', () => {
  it('only logs when no URL is configured', () => {
    const log = vi.fn();
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn(async () => ({}));
    const report = createErrorReporter({ log, sendBeacon, fetch });
    const error = new Error('falhou');
    report(error, { where: 'welcome' });
    expect(log).toHaveBeenCalledWith('[congrega:welcome]', error, { where: 'welcome' });
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the JSON with sendBeacon when configured', async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const fetch = vi.fn(async () => ({}));
    const report = createErrorReporter({
      url: 'https://errors.example/report',
      log: () => undefined,
      sendBeacon,
      fetch,
      path: () => '/auth/welcome?name=Maria',
      now: () => AT,
    });
    report(new ApiFailureLike(0, 'NETWORK', 'sem rede'), { where: 'welcome' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('https://errors.example/report');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      where: 'welcome',
      name: 'ApiFailure',
      message: 'sem rede',
      code: 'NETWORK',
      status: 0,
      context: {},
      path: '/auth/welcome',
      at: AT.toISOString(),
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when sendBeacon is missing or refuses', () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => ({}));
    const report = createErrorReporter({
      url: 'https://errors.example/report',
      log: () => undefined,
      sendBeacon: () => false,
      fetch,
    });
    report(new Error('x'), { where: 'signup' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(JSON.parse(init.body as string)).toMatchObject({ where: 'signup', message: 'x' });
  });

  it('never throws, even when the outlets do', () => {
    const report = createErrorReporter({
      url: 'https://errors.example/report',
      log: () => undefined,
      sendBeacon: () => {
        throw new Error('no beacon');
      },
      fetch: async () => {
        throw new Error('no fetch');
      },
    });
    expect(() => report(new Error('x'), { where: 'signup' })).not.toThrow();
  });
});
