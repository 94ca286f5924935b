import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Thrown when the hashing queue is full: the route answers 429 instead of piling up work. */
export class PasswordBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
  }
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /** False for a null hash too, after the same amount of work (unknown e-mails cost a bcrypt round). */
  check(password: string, hash: string | null): Promise<boolean>;
  /**
   * Runs a request that will hash, its queries included, when a slot is free (two per worker); up to
   * maxQueue wait for one, beyond that PasswordBusyError at once, before any database work.
   */
  admit<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Worker threads. Default: PASSWORD_WORKERS, else min(2, cores - 1), at least 1. */
  size?: number;
  /** Jobs allowed to wait once every worker is busy; beyond that PasswordBusyError. Default 128. */
  maxQueue?: number;
  cost: number;
}

interface Job {
  op: 'hash' | 'compare';
  password: string;
  hash?: string;
  resolve(value: string | boolean): void;
  reject(err: Error): void;
}

export function defaultPoolSize(env = process.env.PASSWORD_WORKERS): number {
  const fromEnv = Number(env);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

/**
 * bcrypt (bcryptjs: pure JS, ~70 ms of CPU per hash at cost 10) in a few worker threads, so a burst
 * of sign-ins never freezes the event loop that also serves the API. Bounded both ways: `size`
 * threads, and at most `maxQueue` waiting jobs, so a flood gets fast 429s instead of a long queue.
 */
export function createPasswordPool(opts: PoolOptions): Passwords {
  const size = opts.size ?? defaultPoolSize();
  const maxQueue = opts.maxQueue ?? 128;
  const workerUrl = new URL('./password-worker.mjs', import.meta.url);
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const queue: Job[] = [];
  let workers = 0;
  let closed = false;
  // Requests admitted to run (queries + hash): two per worker keeps the threads busy while the
  // others wait without touching the database, so a burst never runs its queries all at once.
  const concurrency = size * 2;
  let active = 0;
  const waiting: (() => void)[] = [];
  let dummy: Promise<string> | undefined;

  const spawn = (): Worker => {
    const worker = new Worker(workerUrl);
    worker.unref();
    workers++;
    worker.on('message', (msg: { result?: string | boolean; error?: string }) => {
      const job = busy.get(worker);
      busy.delete(worker);
      if (job) {
        if (msg.error !== undefined) job.reject(new Error(msg.error));
        else job.resolve(msg.result!);
      }
      idle.push(worker);
      pump();
    });
    let gone = false;
    const lost = (err: Error) => {
      if (gone) return; // 'error' is followed by 'exit'
      gone = true;
      const job = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      workers--;
      job?.reject(err);
      if (!closed) pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`password worker exited (${code})`)));
    return worker;
  };

  function pump() {
    while (queue.length && !closed) {
      const worker = idle.pop() ?? (workers < size ? spawn() : null);
      if (!worker) return;
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.postMessage({ id: 0, op: job.op, password: job.password, hash: job.hash, cost: opts.cost });
    }
  }

  function run<T extends string | boolean>(op: Job['op'], password: string, hash?: string): Promise<T> {
    if (closed) return Promise.reject(new Error('password pool closed'));
    if (queue.length >= maxQueue) return Promise.reject(new PasswordBusyError());
    return new Promise<T>((resolve, reject) => {
      queue.push({ op, password, hash, resolve: resolve as Job['resolve'], reject });
      pump();
    });
  }

  return {
    async admit(work) {
      if (active >= concurrency) {
        if (waiting.length >= maxQueue) throw new PasswordBusyError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active++;
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next waiter (active unchanged), or is freed.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    hash: (password) => run<string>('hash', password),
    async check(password, hash) {
      // The dummy is made once, outside the admission limit's count of user work.
      dummy ??= run<string>('hash', 'congrega-dummy-password').catch((err) => {
        dummy = undefined;
        throw err;
      });
      const ok = await run<boolean>('compare', password, hash ?? (await dummy));
      return ok && hash !== null;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('password pool closed'));
      for (const next of waiting.splice(0)) next(); // their work then fails on the closed pool
      const all = [...idle, ...busy.keys()];
      idle.length = 0;
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
