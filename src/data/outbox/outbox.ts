/**
 * The outbox: mutations made offline (today: door check-ins), each with a client UUID, flushed to
 * the server in batches. React-free and DOM-light so a service worker could import it.
 *
 * Exactly once: an item leaves the outbox only in the same Dexie transaction that applies the
 * server's answer for it. A crash, a closed tab, a 500 or a time-out mid-flush leaves it queued;
 * the next flush sends it again, and the server is idempotent on the client UUID, so a replay
 * never creates a second record.
 */
import type { Table } from 'dexie';
import { SYNC_BATCH_MAX } from '../../domain/checkin.ts';
import { type CongregaDb, db as defaultDb, type OutboxItem } from '../db.ts';

/** Items per request: as many as the sync endpoint takes (fewer round trips when a queue drains). */
export const OUTBOX_BATCH = SYNC_BATCH_MAX;

/**
 * A batch unanswered after this long is given up: it stays queued for the next flush (the request
 * is aborted; had the server applied it, the replay is harmless) and the flush no longer hangs.
 */
export const OUTBOX_SEND_TIMEOUT_MS = 30_000;

/**
 * Sends a batch and applies the answers. `send` answers the client ids the server answered for
 * (in the same order or not), and stops when `signal` aborts; `apply` runs inside the transaction
 * that deletes those items.
 */
export interface OutboxHandler<A extends { clientId: string }> {
  send(items: OutboxItem[], signal: AbortSignal): Promise<A[]>;
  apply(items: OutboxItem[], answers: A[], db: CongregaDb): Promise<void>;
  /** Tables `apply` writes (joined to the transaction). */
  tables(db: CongregaDb): Table[];
}

export function pendingCount(db = defaultDb): Promise<number> {
  return db.outbox.count();
}

/** Runs `work` in this tab only if no other tab runs it: Web Locks, else a lease in Dexie. */
export async function exclusively<T>(
  name: string,
  work: () => Promise<T>,
  db = defaultDb,
): Promise<T | null> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : null));
  }
  const owner = crypto.randomUUID();
  const LEASE_MS = 30_000;
  const took = await db.transaction('rw', db.leases, async () => {
    const lease = await db.leases.get(name);
    if (lease && lease.until > Date.now()) return false;
    await db.leases.put({ name, owner, until: Date.now() + LEASE_MS });
    return true;
  });
  if (!took) return null;
  try {
    return await work();
  } finally {
    await db.transaction('rw', db.leases, async () => {
      if ((await db.leases.get(name))?.owner === owner) await db.leases.delete(name);
    });
  }
}

export interface FlushResult {
  /** items the server answered for (and so left the outbox) */
  answered: number;
  remaining: number;
  /** the failure that stopped the flush, if any (the items stay queued) */
  error?: unknown;
  /** another tab was flushing */
  skipped?: boolean;
}

/**
 * Sends the queued items oldest first, a batch at a time, until the outbox is empty or a batch
 * fails. Never throws.
 */
export async function flushOutbox<A extends { clientId: string }>(
  handler: OutboxHandler<A>,
  {
    db = defaultDb,
    batch = OUTBOX_BATCH,
    timeoutMs = OUTBOX_SEND_TIMEOUT_MS,
  }: { db?: CongregaDb; batch?: number; timeoutMs?: number } = {},
): Promise<FlushResult> {
  const result = await exclusively(
    'congrega-outbox',
    async (): Promise<FlushResult> => {
      let answered = 0;
      for (;;) {
        const items = await db.outbox.orderBy('createdAt').limit(batch).toArray();
        if (items.length === 0) return { answered, remaining: 0 };
        let answers: A[];
        const abort = new AbortController();
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          answers = await Promise.race([
            handler.send(items, abort.signal),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => {
                abort.abort();
                reject(new Error('time-out'));
              }, timeoutMs);
            }),
          ]);
        } catch (error) {
          await db.outbox.bulkUpdate(
            items.map((i) => ({ key: i.clientId, changes: { attempts: i.attempts + 1 } })),
          );
          return { answered, remaining: await db.outbox.count(), error };
        } finally {
          clearTimeout(timer);
        }
        const ids = new Set(items.map((i) => i.clientId));
        const mine = answers.filter((a) => ids.has(a.clientId));
        await db.transaction('rw', [db.outbox, ...handler.tables(db)], async () => {
          await handler.apply(items, mine, db);
          await db.outbox.bulkDelete(mine.map((a) => a.clientId));
        });
        answered += mine.length;
        // an answer that covered none of the batch would loop forever
        if (mine.length === 0)
          return { answered, remaining: await db.outbox.count(), error: new Error('no answer') };
      }
    },
    db,
  );
  return result ?? { answered: 0, remaining: await db.outbox.count(), skipped: true };
}

/**
 * Flushes when it may work: at start, on the browser's `online` event, on a Background Sync wake-up
 * relayed by the service worker, after `poke()` (a new item, or staff's 'Enviar agora'), and on a
 * timer while items remain: every 2 s while the browser says it is offline (no request is made), and
 * with a short backoff after a failed send (2 s doubling to RETRY_MAX_MS). A phone on a Wi-Fi with no
 * internet still says it is online, so the backoff stays short: the queue leaves within seconds of
 * the connection returning, whether or not the page was reloaded meanwhile. Answers `stop`.
 */
export const RETRY_MAX_MS = 8000;

export function startOutboxSync(
  flush: () => Promise<FlushResult>,
  { onChange }: { onChange?: (r: FlushResult) => void } = {},
): { poke(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = 2000;
  let running = false;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, ms);
  };

  async function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const online = (globalThis.navigator as Navigator | undefined)?.onLine ?? true;
      const r = online ? await flush() : { answered: 0, remaining: await pendingCount() };
      onChange?.(r);
      if (r.remaining > 0) {
        if (!online) schedule(2000);
        else if (r.error || r.skipped) {
          schedule(delay);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        } else schedule(0);
      } else delay = 2000;
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  }

  const onOnline = () => {
    delay = 2000;
    void run();
  };
  const onMessage = (e: MessageEvent) => {
    if (e.data?.type === 'outbox-sync') void run();
  };
  globalThis.addEventListener?.('online', onOnline);
  globalThis.navigator?.serviceWorker?.addEventListener('message', onMessage);
  void requestBackgroundSync();
  void run();
  return {
    poke() {
      delay = 2000;
      void requestBackgroundSync();
      void run();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.navigator?.serviceWorker?.removeEventListener('message', onMessage);
    },
  };
}

/** Asks for a Background Sync wake-up (Chromium); the service worker relays it to open tabs. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const sw = globalThis.navigator?.serviceWorker;
    if (!sw?.controller) return;
    const registration = (await sw.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register('outbox');
  } catch {
    // not supported or not allowed: the online event and the timer still flush
  }
}
