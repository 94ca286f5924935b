/**
 * A door's roster of each event in Dexie (rows as the API sends them: never the CPF, only its
 * salted hash), and the local side of a check-in: the feedback comes from here at once, offline,
 * and the check-in is queued in the outbox in the same transaction. React-free.
 */
import {
  type CheckinResult,
  decide,
  findEntry,
  parseCheckinCode,
  type RosterEntry,
  type RosterLookup,
} from '../../domain/checkin.ts';
import { type CheckinIssue, type CongregaDb, db as defaultDb, type RosterMeta } from '../db.ts';

export function rosterLookup(eventId: string, db = defaultDb): RosterLookup {
  return {
    byId: (id) => db.rosters.get(id),
    bySeq: (seq) => db.rosters.where('[event_id+seq]').equals([eventId, seq]).first(),
    byCpfHash: (hash) => db.rosters.where('[event_id+cpf_hash]').equals([eventId, hash]).first(),
  };
}

/**
 * Stores roster rows. A row never loses a check-in: the server may not know yet of one this door
 * made offline, and a check-in is never undone.
 */
export async function mergeRoster(entries: RosterEntry[], db = defaultDb): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction('rw', db.rosters, async () => {
    const known = await db.rosters.bulkGet(entries.map((e) => e.id));
    await db.rosters.bulkPut(
      entries.map((e, i) => {
        const before = known[i];
        return before?.checked_in_at && !e.checked_in_at
          ? { ...e, checked_in_at: before.checked_in_at, checked_in_device: before.checked_in_device }
          : e;
      }),
    );
  });
}

export function readRosterMeta(eventId: string, db = defaultDb): Promise<RosterMeta | undefined> {
  return db.rosterMeta.get(eventId);
}

export function rosterCount(eventId: string, db = defaultDb): Promise<number> {
  return db.rosters.where('event_id').equals(eventId).count();
}

export type DoorFeedback = { kind: 'invalid'; message: string } | (CheckinResult & { clientId?: string });

/**
 * What a code would give, read only (no write): the door shows it at once, then checkInLocally
 * records the check-in and has the last word.
 */
export async function previewCheckin(eventId: string, raw: string, db = defaultDb): Promise<DoorFeedback> {
  const parsed = parseCheckinCode(raw);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  return decide(await findEntry(eventId, parsed.code, rosterLookup(eventId, db)));
}

/**
 * A scan or a typed code at the door, decided from the local roster: when it admits the person,
 * the roster row is marked and the check-in queued (client UUID) in one transaction.
 */
export async function checkInLocally(
  eventId: string,
  raw: string,
  device: string,
  db: CongregaDb = defaultDb,
  now = new Date(),
): Promise<DoorFeedback> {
  const parsed = parseCheckinCode(raw);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  // found first (hashing a CPF is Web Crypto, which may not run inside an IndexedDB transaction),
  // then decided and written in one transaction on the row as it is then
  const found = await findEntry(eventId, parsed.code, rosterLookup(eventId, db));
  return db.transaction('rw', db.rosters, db.outbox, async () => {
    const entry = found && (await db.rosters.get(found.id));
    const result = decide(entry);
    if (result.kind !== 'created') return result;
    const clientId = crypto.randomUUID();
    const at = now.toISOString();
    await db.rosters.update(result.entry.id, { checked_in_at: at, checked_in_device: device });
    await db.outbox.add({
      clientId,
      kind: 'checkin',
      createdAt: now.getTime(),
      attempts: 0,
      payload: { eventId, registrationId: result.entry.id, scannedAt: at, device },
    });
    return { ...result, clientId };
  });
}

export function readIssues(eventId: string, db = defaultDb): Promise<CheckinIssue[]> {
  return db.checkinIssues.where('event_id').equals(eventId).reverse().sortBy('answered_at');
}

const DEVICE_KEY = 'congrega-door-device';

/** This device's name at the door ('Vitória · 3f2a'): staff first name and a short random tag. */
export function doorDeviceName(staffFirstName: string): string {
  let tag: string | null = null;
  try {
    tag = globalThis.localStorage?.getItem(DEVICE_KEY) ?? null;
    if (!tag) {
      tag = crypto.randomUUID().slice(0, 4);
      globalThis.localStorage?.setItem(DEVICE_KEY, tag);
    }
  } catch {
    tag ??= crypto.randomUUID().slice(0, 4);
  }
  return `${staffFirstName || 'Porta'} · ${tag}`.slice(0, 60);
}
