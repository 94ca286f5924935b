// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api-fetch.ts';
import {
  CHECK_OFFLINE_MS,
  CHECK_ONLINE_MS,
  checkServer,
  connection,
  tracked,
  watchConnection,
} from './connection.ts';

// The door's 'Online' comes from whether the server answers, never from navigator.onLine alone.
beforeEach(() => connection.setState({ reach: 'unknown' }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('tracked requests', () => {
  it('an answer, even an error the API gives, means online; no answer or a gateway’s 502–504 means offline', async () => {
    await tracked(Promise.resolve(1));
    expect(connection.getState().reach).toBe('online');
    await expect(tracked(Promise.reject(new ApiFailure(0, 'NETWORK', 'x')))).rejects.toThrow();
    expect(connection.getState().reach).toBe('offline');
    await expect(tracked(Promise.reject(new ApiFailure(401, 'UNAUTHORIZED', 'x')))).rejects.toThrow();
    expect(connection.getState().reach).toBe('online');
    await expect(tracked(Promise.reject(new ApiFailure(504, 'INTERNAL', 'x')))).rejects.toThrow();
    expect(connection.getState().reach).toBe('offline');
    await expect(tracked(Promise.reject(new DOMException('aborted', 'AbortError')))).rejects.toThrow();
    expect(connection.getState().reach).toBe('offline');
  });
});

describe('the light check', () => {
  it('counts only the API’s own answer: a captive portal’s page is no answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"ok":true}', { status: 200 }));
    expect(await checkServer('http://door.test/health')).toBe(true);
    expect(connection.getState().reach).toBe('online');
    vi.stubGlobal('fetch', async () => new Response('<html>Entre no Wi-Fi</html>', { status: 200 }));
    expect(await checkServer('http://door.test/health')).toBe(false);
    expect(connection.getState().reach).toBe('offline');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkServer('http://door.test/health')).toBe(false);
    expect(connection.getState().reach).toBe('offline');
  });

  it('checks at once, often while the server does not answer, and reports when it answers again', async () => {
    vi.useFakeTimers();
    let answers = false;
    const check = vi.fn(async () => {
      connection.setState({ reach: answers ? 'online' : 'offline' });
      return answers;
    });
    const back = vi.fn();
    const unsubscribe = connection.subscribe((now, before) => {
      if (now.reach === 'online' && before.reach === 'offline') back();
    });
    const stop = watchConnection(check);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(connection.getState().reach).toBe('offline');
    await vi.advanceTimersByTimeAsync(CHECK_OFFLINE_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
    answers = true;
    await vi.advanceTimersByTimeAsync(CHECK_OFFLINE_MS);
    expect(connection.getState().reach).toBe('online');
    expect(back).toHaveBeenCalledTimes(1);
    unsubscribe();
    const calls = check.mock.calls.length;
    // online: checked less often, and not while requests answer
    await vi.advanceTimersByTimeAsync(CHECK_OFFLINE_MS);
    expect(check).toHaveBeenCalledTimes(calls);
    await vi.advanceTimersByTimeAsync(CHECK_ONLINE_MS);
    expect(check).toHaveBeenCalledTimes(calls + 1);
    stop();
    await vi.advanceTimersByTimeAsync(CHECK_ONLINE_MS * 3);
    expect(check).toHaveBeenCalledTimes(calls + 1);
  });
});
