import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FlushResult, RETRY_MAX_MS, startOutboxSync } from './outbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startOutboxSync', () => {
  it('retries a failing send with a short backoff, never waiting more than RETRY_MAX_MS', async () => {
    vi.useFakeTimers();
    const at: number[] = [];
    const flush = vi.fn(async (): Promise<FlushResult> => {
      at.push(Date.now());
      return { answered: 0, remaining: 3, error: new Error('offline') };
    });
    const sync = startOutboxSync(flush);
    await vi.advanceTimersByTimeAsync(60_000);
    sync.stop();
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps.slice(0, 3)).toEqual([2000, 4000, 8000]);
    expect(Math.max(...gaps)).toBe(RETRY_MAX_MS);
    // a minute of no connection: the queue is tried again often, so it leaves soon after it returns
    expect(flush.mock.calls.length).toBeGreaterThanOrEqual(8);
  });

  it("'Enviar agora' (poke) sends at once and starts the backoff over", async () => {
    vi.useFakeTimers();
    let fail = true;
    const flush = vi.fn(
      async (): Promise<FlushResult> =>
        fail ? { answered: 0, remaining: 1, error: new Error('offline') } : { answered: 1, remaining: 0 },
    );
    const onChange = vi.fn();
    const sync = startOutboxSync(flush, { onChange });
    await vi.advanceTimersByTimeAsync(20_000);
    const before = flush.mock.calls.length;
    fail = false;
    sync.poke();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush.mock.calls.length).toBe(before + 1);
    expect(onChange).toHaveBeenLastCalledWith({ answered: 1, remaining: 0 });
    sync.stop();
  });
});
