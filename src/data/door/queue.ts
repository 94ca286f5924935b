/**
 * The door's queue: what the door did offline (check-ins, walk-ins, cash received), each with a
 * client UUID, sent in batches: check-ins to POST /v1/admin/checkin/sync, walk-ins and cash to
 * POST /v1/admin/checkin/door-sales, one request per event and sort. React-free.
 *
 * Exactly once: an item leaves the queue only in the same Dexie transaction that applies the
 * server's answer for it. A crash, a closed tab, a 500 or a time-out mid-send leaves it queued;
 * the next sync sends it again, and the server is idempotent on the client UUID, so a replay never
 * creates a second record.
 */
import { SYNC_BATCH_MAX, type SyncOutcome } from '../../domain/checkin.ts';
import type { DoorSalesBody } from '../../domain/door-sales.ts';
import { type CongregaDb, db as defaultDb, type OutboxItem } from '../db.ts';
import type { DoorApi } from './api.ts';
import { rosterEntry } from './roster.ts';

/** Items per request: as many as the sync endpoint takes (fewer round trips when a queue drains). */
export const QUEUE_BATCH = SYNC_BATCH_MAX;
/**
 * A batch unanswered after this long is given up: it stays queued for the next sync (the request
 * is aborted; had the server applied it, the replay is harmless) and the sync no longer hangs.
 */
export const QUEUE_SEND_TIMEOUT_MS = 30_000;

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

export interface UploadResult {
  /** items the server answered for (and so left the queue) */
  answered: number;
  remaining: number;
  /** the failure that stopped the upload, if any (the items stay queued) */
  error?: unknown;
  /** another tab was sending */
  skipped?: boolean;
}

/** One request per event and sort of item (check-ins; walk-ins and cash); answers what the server answered. */
async function send(api: DoorApi, items: OutboxItem[], signal: AbortSignal): Promise<SyncOutcome[]> {
  const groups = new Map<string, OutboxItem[]>();
  for (const item of items) {
    const key = `${item.payload.eventId}|${item.kind === 'checkin' ? 'checkin' : 'sale'}`;
    const list = groups.get(key) ?? [];
    list.push(item);
    groups.set(key, list);
  }
  const answers: SyncOutcome[] = [];
  for (const list of groups.values()) {
    const { eventId, device } = list[0]!.payload;
    if (list[0]!.kind === 'checkin') {
      const { results } = await api.sync(
        {
          eventId,
          device,
          items: list.map((i) => ({
            clientId: i.clientId,
            registrationId: i.payload.registrationId,
            scannedAt: i.payload.scannedAt,
            ...(i.payload.sessionId ? { sessionId: i.payload.sessionId } : {}),
          })),
        },
        signal,
      );
      answers.push(...results);
      continue;
    }
    if (!api.doorSales) throw new Error('door sales unavailable');
    const { results } = await api.doorSales({ eventId, device, items: list.map(saleItem) }, signal);
    answers.push(...results);
  }
  return answers;
}

/** A queued walk-in or cash received as the door-sales route takes it. */
function saleItem(i: OutboxItem): DoorSalesBody['items'][number] {
  const { registrationId, scannedAt, sessionId, amount = 0, name = '', cpf, phone, tierId = '' } = i.payload;
  const common = {
    clientId: i.clientId,
    registrationId,
    scannedAt,
    amount,
    ...(sessionId ? { sessionId } : {}),
  };
  if (i.kind === 'cash') return { kind: 'cash', ...common };
  return { kind: 'walk_in', ...common, name, tierId, ...(cpf ? { cpf } : { phone: phone ?? '' }) };
}

/** Applies the answers (inside the transaction that removes their items): conflicts kept for staff. */
async function apply(items: OutboxItem[], answers: SyncOutcome[], db: CongregaDb): Promise<void> {
  const byId = new Map(items.map((i) => [i.clientId, i]));
  for (const answer of answers) {
    const item = byId.get(answer.clientId);
    if (!item || answer.kind === 'created') continue;
    const entry = await rosterEntry(item.payload.eventId, item.payload.registrationId, db);
    if (item.kind === 'walk_in') {
      // the server made no registration: the door's own row of it goes, the refusal stays listed
      await db.rosters.delete(item.payload.registrationId);
      await db.checkinIssues.put({
        clientId: answer.clientId,
        event_id: item.payload.eventId,
        registration_id: item.payload.registrationId,
        name: item.payload.name ?? '',
        kind: answer.kind,
        at: answer.at,
        device: answer.device,
        answered_at: Date.now(),
        ...(answer.registered !== undefined ? { registered: answer.registered } : {}),
      });
      continue;
    }
    if (answer.kind === 'conflict' && entry) {
      await db.rosters.put({
        ...entry,
        checked_in_at: answer.at,
        checked_in_device: answer.device,
        checked_in_session: item.payload.sessionId ?? null,
      });
    }
    await db.checkinIssues.put({
      clientId: answer.clientId,
      event_id: item.payload.eventId,
      registration_id: item.payload.registrationId,
      name: entry?.name ?? '',
      kind: answer.kind,
      at: answer.at,
      device: answer.device,
      answered_at: Date.now(),
    });
  }
}

/**
 * Sends the queued items oldest first, a batch at a time, until the queue is empty or a batch
 * fails. Never throws, except when applying an answer fails (the items then stay queued).
 */
export async function upload(
  api: DoorApi,
  {
    db = defaultDb,
    batch = QUEUE_BATCH,
    timeoutMs = QUEUE_SEND_TIMEOUT_MS,
    hooks,
  }: {
    db?: CongregaDb;
    batch?: number;
    timeoutMs?: number;
    /** tests: a crash while applying */
    hooks?: { apply?: typeof apply };
  } = {},
): Promise<UploadResult> {
  const applyAnswers = hooks?.apply ?? apply;
  const result = await exclusively(
    'congrega-outbox',
    async (): Promise<UploadResult> => {
      let answered = 0;
      for (;;) {
        const items = await db.outbox.orderBy('createdAt').limit(batch).toArray();
        if (items.length === 0) return { answered, remaining: 0 };
        let answers: SyncOutcome[];
        const abort = new AbortController();
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          answers = await Promise.race([
            send(api, items, abort.signal),
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
        await db.transaction(
          'rw',
          [db.outbox, db.rosters, db.rosterPages, db.rosterMeta, db.checkinIssues],
          async () => {
            await applyAnswers(items, mine, db);
            await db.outbox.bulkDelete(mine.map((a) => a.clientId));
          },
        );
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
