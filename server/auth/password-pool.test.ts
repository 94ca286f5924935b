import bcrypt from 'bcryptjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordPool, defaultPoolSize, PasswordBusyError } from './password-pool.ts';
import { SignInLimiter, SlidingWindow } from './rate-limit.ts';

/** The longest gap between 5 ms timer ticks while `work` runs: how long the event loop froze. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return worst;
}

describe('password pool', () => {
  const pool = createPasswordPool({ size: 2, maxQueue: 50, cost: 10 });
  afterAll(() => pool.close());

  it('hashes and checks like bcryptjs', async () => {
    const hash = await pool.hash('segredo123');
    expect(await bcrypt.compare('segredo123', hash)).toBe(true);
    expect(await pool.check('segredo123', hash)).toBe(true);
    expect(await pool.check('errada', hash)).toBe(false);
    expect(await pool.check('segredo123', null)).toBe(false);
  });

  it('keeps the event loop free while hashing (bcryptjs on the main thread does not)', async () => {
    const jobs = (hash: (p: string) => Promise<string>) => () =>
      Promise.all(Array.from({ length: 6 }, (_, i) => hash(`senha-${i}`)));
    await pool.hash('aquecimento'); // workers started
    const inPool = await longestStall(jobs((p) => pool.hash(p)));
    const onMain = await longestStall(jobs((p) => bcrypt.hash(p, 10)));
    expect(inPool).toBeLessThan(onMain / 2);
  });

  it('refuses at once when the queue is full', async () => {
    const small = createPasswordPool({ size: 1, maxQueue: 1, cost: 10 });
    try {
      const results = await Promise.allSettled([small.hash('a'), small.hash('b'), small.hash('c')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(PasswordBusyError);
    } finally {
      await small.close();
    }
  });

  it('admits two requests per worker, queues maxQueue more (no work started), refuses the rest', async () => {
    const small = createPasswordPool({ size: 1, maxQueue: 1, cost: 10 });
    try {
      let started = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const work = async () => {
        started++;
        await gate;
        return started;
      };
      const runs = [small.admit(work), small.admit(work), small.admit(work)];
      await expect(small.admit(work)).rejects.toBeInstanceOf(PasswordBusyError);
      expect(started).toBe(2);
      release();
      await Promise.all(runs);
      expect(started).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('takes its size from PASSWORD_WORKERS', () => {
    expect(defaultPoolSize('3')).toBe(3);
    expect(defaultPoolSize('nada')).toBeGreaterThanOrEqual(1);
    expect(defaultPoolSize(undefined)).toBeLessThanOrEqual(2);
  });
});

describe('limiters', () => {
  it('a sliding window forgets old hits', () => {
    const w = new SlidingWindow(2, 1000);
    expect(w.take('k', 0)).toBe(true);
    expect(w.take('k', 10)).toBe(true);
    expect(w.take('k', 20)).toBe(false);
    expect(w.take('k', 1005)).toBe(true);
  });

  it('sign-in: an e-mail under attack holds back failing addresses, never a fresh one', () => {
    const l = new SignInLimiter({ perIp: 100, perPair: 5, perEmail: 3, windowMs: 60_000 });
    for (const ip of ['a', 'b', 'c']) l.fail(ip, 'vitima@x', 0);
    expect(l.blocked('a', 'vitima@x', 1)).toBe(true);
    expect(l.blocked('d', 'vitima@x', 1)).toBe(false);
    expect(l.blocked('a', 'outra@x', 1)).toBe(false);
    for (let i = 0; i < 5; i++) l.fail('e', 'outra@x', 2);
    expect(l.blocked('e', 'outra@x', 3)).toBe(true);
    expect(l.blocked('e', 'outra@x', 60_003)).toBe(false);
  });
});
