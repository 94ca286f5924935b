/**
 * A door's roster of each event in Dexie (rows as the API sends them: never the CPF, only its
 * salted hash), and the local side of a check-in: the feedback comes from here at once, offline,
 * and the check-in is queued in the outbox in the same transaction. React-free.
 */
import {
  type CheckinResult,
  type CheckinSession,
  decide,
  findEntry,
  inSession,
  parseCheckinCode,
  type RosterEntry,
  type RosterLookup,
  rosterCpfTag,
} from '../../domain/checkin.ts';
import {
  type CheckinIssue,
  type CongregaDb,
  db as defaultDb,
  type OutboxItem,
  type RosterMeta,
} from '../db.ts';

/** The pages of an event's current download, indexed in memory (built once per download). */
interface PagesIndex {
  download: string | undefined;
  byId: Map<string, RosterEntry>;
  bySeq: Map<string, RosterEntry>;
  byCpfHash: Map<string, RosterEntry[]>;
  byGroup: Map<string, RosterEntry[]>;
}

const indexes = new WeakMap<CongregaDb, Map<string, PagesIndex>>();

/** The downloaded pages of the event as kept by the download rosterMeta names. */
export async function rosterPagesIndex(eventId: string, db = defaultDb): Promise<PagesIndex> {
  const download = (await db.rosterMeta.get(eventId))?.download;
  const cache = indexes.get(db) ?? new Map<string, PagesIndex>();
  indexes.set(db, cache);
  const cached = cache.get(eventId);
  if (cached && cached.download === download) return cached;
  const index: PagesIndex = {
    download,
    byId: new Map(),
    bySeq: new Map(),
    byCpfHash: new Map(),
    byGroup: new Map(),
  };
  if (download) {
    const pages = await db.rosterPages
      .where('[event_id+download+first]')
      .between([eventId, download, ''], [eventId, download, '\uffff'])
      .toArray();
    for (const page of pages) {
      for (const entry of page.entries) {
        index.byId.set(entry.id, entry);
        index.bySeq.set(entry.seq, entry);
        if (entry.group_id) {
          const members = index.byGroup.get(entry.group_id);
          if (members) members.push(entry);
          else index.byGroup.set(entry.group_id, [entry]);
        }
        if (entry.cpf_hash) {
          const list = index.byCpfHash.get(entry.cpf_hash);
          if (list) list.push(entry);
          else index.byCpfHash.set(entry.cpf_hash, [entry]);
        }
      }
    }
  }
  cache.set(eventId, index);
  return index;
}

/** A row as the door knows it now: changed since the download (`rosters`) or as downloaded. */
export async function rosterEntry(eventId: string, id: string, db = defaultDb) {
  return (await db.rosters.get(id)) ?? (await rosterPagesIndex(eventId, db)).byId.get(id);
}

export function rosterLookup(eventId: string, db = defaultDb): RosterLookup {
  const pages = () => rosterPagesIndex(eventId, db);
  return {
    byId: (id) => rosterEntry(eventId, id, db),
    bySeq: async (seq) =>
      (await db.rosters.where('[event_id+seq]').equals([eventId, seq]).first()) ??
      (await pages()).bySeq.get(seq),
    byCpfHash: async (hash) => {
      // rows changed since the download win over the downloaded ones; a row that changed tag drops out
      const changed = await db.rosters.where('[event_id+cpf_hash]').equals([eventId, hash]).toArray();
      const downloaded = (await pages()).byCpfHash.get(hash) ?? [];
      const rest = await Promise.all(
        downloaded
          .filter((e) => !changed.some((c) => c.id === e.id))
          .map(async (e) => (await db.rosters.get(e.id)) ?? e),
      );
      return [...changed, ...rest.filter((e) => e.cpf_hash === hash)];
    },
    cpfKey: async () => (await db.rosterMeta.get(eventId))?.cpf_key,
  };
}

/**
 * Stores pulled roster rows (a few, anywhere in the roster) in `rosters`, over the downloaded pages;
 * a row never loses a check-in (keepCheckins).
 */
export async function mergeRoster(entries: RosterEntry[], db = defaultDb): Promise<void> {
  if (entries.length === 0) return;
  const pages = await rosterPagesIndex(entries[0]!.event_id, db);
  await db.transaction('rw', db.rosters, async () => {
    const stored = await db.rosters.bulkGet(entries.map((e) => e.id));
    await db.rosters.bulkPut(
      keepCheckins(
        entries,
        stored.map((row, i) => row ?? pages.byId.get(entries[i]!.id)),
      ),
    );
  });
}

/**
 * Stores a page of a roster download as one record of the download `download` (one IndexedDB
 * write for thousands of rows). The roster switches to it in finishRosterDownload.
 */
export async function storeRosterPage(
  eventId: string,
  download: string,
  entries: RosterEntry[],
  db = defaultDb,
): Promise<void> {
  if (entries.length === 0) return;
  let first = entries[0]!.id;
  for (const { id } of entries) if (id < first) first = id;
  await db.rosterPages.put({ event_id: eventId, download, first, entries });
}

/**
 * Makes a finished download the event's roster, in one transaction: its pages replace the earlier
 * download's, and the rows changed since that one (`rosters`) go, except the check-ins the new pages
 * do not know yet (a row never loses a check-in).
 */
export async function finishRosterDownload(
  meta: RosterMeta & { download: string },
  entries: Map<string, RosterEntry>,
  db = defaultDb,
): Promise<void> {
  await db.transaction('rw', db.rosters, db.rosterPages, db.rosterMeta, async () => {
    await db.rosterPages
      .where('event_id')
      .equals(meta.event_id)
      .filter((p) => p.download !== meta.download)
      .delete();
    const changed = await db.rosters.where('event_id').equals(meta.event_id).toArray();
    const kept = changed.flatMap((row) => {
      const fresh = entries.get(row.id);
      return fresh ? keepCheckins([fresh], [row]).filter((r) => r !== fresh) : [];
    });
    await db.rosters.bulkDelete(changed.map((r) => r.id));
    await db.rosters.bulkPut(kept);
    await db.rosterMeta.put(meta);
  });
}

/**
 * A row never loses a check-in: the server may not know yet of one this door made offline, and a
 * check-in is never undone. `stored[i]` is the row kept here before `entries[i]`.
 */
function keepCheckins(entries: RosterEntry[], stored: (RosterEntry | undefined)[]): RosterEntry[] {
  return entries.map((e, i) => {
    const before = stored[i];
    // the later of the two is the latest check-in (sessions: a new day's is later)
    return before?.checked_in_at && (!e.checked_in_at || before.checked_in_at > e.checked_in_at)
      ? {
          ...e,
          checked_in_at: before.checked_in_at,
          checked_in_device: before.checked_in_device,
          checked_in_session: before.checked_in_session ?? null,
        }
      : e;
  });
}

/** Rows of the event's roster here: the downloaded ones and those added since. */
export async function rosterCount(eventId: string, db = defaultDb): Promise<number> {
  const pages = await rosterPagesIndex(eventId, db);
  const changed = await db.rosters.where('event_id').equals(eventId).primaryKeys();
  return pages.byId.size + changed.filter((id) => !pages.byId.has(id)).length;
}

export type DoorFeedback =
  | { kind: 'invalid'; message: string }
  /** `paidCash`: centavos taken at the door before admitting (door-sales) */
  | (CheckinResult & { clientId?: string; paidCash?: number });

/**
 * What a code would give, read only (no write): the door shows it at once, then checkInLocally
 * records the check-in and has the last word.
 */
export async function previewCheckin(
  eventId: string,
  raw: string,
  db = defaultDb,
  session?: CheckinSession,
): Promise<DoorFeedback> {
  const parsed = parseCheckinCode(raw);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  return decide(await findEntry(eventId, parsed.code, rosterLookup(eventId, db)), session);
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
  /** the door's session (events with sessions): admitted once per session */
  session?: CheckinSession,
): Promise<DoorFeedback> {
  const parsed = parseCheckinCode(raw);
  if (!parsed.ok) return { kind: 'invalid', message: parsed.message };
  // found first (hashing a CPF is Web Crypto, which may not run inside an IndexedDB transaction),
  // then decided and written in one transaction on the row as it is then
  const found = await findEntry(eventId, parsed.code, rosterLookup(eventId, db));
  return db.transaction('rw', db.rosters, db.outbox, async () => {
    // a row changed since the download wins over the downloaded one (which no write changes)
    const entry = Array.isArray(found) ? found : found && ((await db.rosters.get(found.id)) ?? found);
    const result = decide(entry, session);
    if (result.kind !== 'created') return result;
    const { clientId } = await admitAndQueue(db, result.entry, 'checkin', { eventId, device, now, session });
    return { ...result, clientId };
  });
}

/**
 * A caravan's rows as the door knows them now (the leader's group QR): the downloaded ones, each
 * replaced by its changed row when there is one, and rows added since. Ordered by name.
 */
export async function groupEntries(
  eventId: string,
  groupId: string,
  db = defaultDb,
  session?: CheckinSession,
): Promise<RosterEntry[]> {
  const pages = await rosterPagesIndex(eventId, db);
  const changed = await db.rosters.where('event_id').equals(eventId).toArray();
  const byId = new Map<string, RosterEntry>();
  for (const e of pages.byGroup.get(groupId) ?? []) byId.set(e.id, e);
  for (const e of changed) {
    if (e.group_id === groupId) byId.set(e.id, e);
    else byId.delete(e.id);
  }
  return [...byId.values()]
    .map((e) => inSession(e, session?.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * Admits the chosen people of a caravan at once (the leader's QR, "admit all" or the ticked ones),
 * decided on each row as it is then, in one transaction: each admitted person is one check-in in
 * the outbox (their own client UUID), so the sync and the conflict report count each person once.
 * Answers the rows admitted now.
 */
export async function checkInGroupLocally(
  eventId: string,
  registrationIds: readonly string[],
  device: string,
  db: CongregaDb = defaultDb,
  now = new Date(),
  session?: CheckinSession,
): Promise<RosterEntry[]> {
  const found = await Promise.all(registrationIds.map((id) => rosterEntry(eventId, id, db)));
  return db.transaction('rw', db.rosters, db.outbox, async () => {
    const admitted: RosterEntry[] = [];
    for (const row of found) {
      if (!row || row.event_id !== eventId) continue;
      const result = decide((await db.rosters.get(row.id)) ?? row, session);
      if (result.kind !== 'created') continue;
      await admitAndQueue(db, result.entry, 'checkin', { eventId, device, now, session });
      admitted.push(result.entry);
    }
    return admitted;
  });
}

/**
 * Inside the caller's transaction on rosters and outbox: the row checked in on this device (in the
 * session) and its item queued for the server under a new client UUID; both answered.
 */
async function admitAndQueue(
  db: CongregaDb,
  entry: RosterEntry,
  kind: OutboxItem['kind'],
  at: { eventId: string; device: string; now: Date; session?: CheckinSession },
  extra: Partial<OutboxItem['payload']> = {},
): Promise<{ clientId: string; entry: RosterEntry }> {
  const clientId = crypto.randomUUID();
  const scannedAt = at.now.toISOString();
  const admitted: RosterEntry = {
    ...entry,
    checked_in_at: scannedAt,
    checked_in_device: at.device,
    checked_in_session: at.session?.id ?? null,
  };
  await db.rosters.put(admitted);
  await db.outbox.add({
    clientId,
    kind,
    createdAt: at.now.getTime(),
    attempts: 0,
    payload: {
      eventId: at.eventId,
      registrationId: entry.id,
      scannedAt,
      device: at.device,
      sessionId: at.session?.id,
      ...extra,
    },
  });
  return { clientId, entry: admitted };
}

export function readIssues(eventId: string, db = defaultDb): Promise<CheckinIssue[]> {
  return db.checkinIssues.where('event_id').equals(eventId).reverse().sortBy('answered_at');
}

const DEVICE_KEY = 'congrega-door-device';
const DEVICE_NAME_KEY = 'congrega-door-device-name';
const EVENT_KEY = 'congrega-door-event';
/** Longest device name the door keeps (the server bounds it too). */
export const DEVICE_NAME_MAX = 40;

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function keep(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage blocked: the value lasts as long as the page
  }
}

/**
 * This device's name at the door, as conflicts between doors show it: the name staff gave it
 * ('Celular 1'), else 'Dispositivo 3F2A' (a short random tag kept on the device). `label` turns
 * the default into words (checkinMessages.defaultDevice).
 */
export function doorDeviceName(label: (tag: string) => string): string {
  const named = stored(DEVICE_NAME_KEY)?.trim();
  if (named) return named.slice(0, DEVICE_NAME_MAX);
  let tag = stored(DEVICE_KEY);
  if (!tag) {
    tag = crypto.randomUUID().slice(0, 4);
    keep(DEVICE_KEY, tag);
  }
  return label(tag.toUpperCase());
}

/** Names this device (blank: back to the default). */
export function setDoorDeviceName(name: string): void {
  const clean = name.replace(/\s+/g, ' ').trim().slice(0, DEVICE_NAME_MAX);
  keep(DEVICE_NAME_KEY, clean || null);
}

/** The event this door last chose, so that a reload (offline too) keeps it. */
export function readDoorEvent(): string {
  return stored(EVENT_KEY) ?? '';
}
export function keepDoorEvent(eventId: string): void {
  keep(EVENT_KEY, eventId || null);
}

/** A walk-in as the volunteer entered it (src/domain/door-sales.ts). */
export interface WalkInInput {
  name: string;
  /** digits: a CPF or a phone */
  cpf?: string;
  phone?: string;
  tierId: string;
  /** centavos received in cash (0: free) */
  amount: number;
}

/**
 * A walk-in registered and admitted at the door, offline too: a roster row of its own (the id the
 * server will give the registration), paid and checked in, and the walk-in queued, in one transaction.
 */
export async function walkInLocally(
  eventId: string,
  input: WalkInInput,
  device: string,
  db: CongregaDb = defaultDb,
  now = new Date(),
  session?: CheckinSession,
): Promise<DoorFeedback & { kind: 'created' }> {
  const key = (await db.rosterMeta.get(eventId))?.cpf_key;
  // the CPF's tag, so that the CPF typed later finds the person here (never the CPF itself)
  const cpfHash = input.cpf && key ? await rosterCpfTag(key, input.cpf) : null;
  const entry: RosterEntry = {
    id: crypto.randomUUID(),
    event_id: eventId,
    seq: '',
    name: input.name,
    congregation: null,
    cpf_hash: cpfHash,
    paid: true,
    checked_in_at: null,
    checked_in_device: null,
    checked_in_session: null,
  };
  const admitted = await db.transaction('rw', db.rosters, db.outbox, () =>
    admitAndQueue(db, entry, 'walk_in', { eventId, device, now, session }, input),
  );
  return { kind: 'created', ...admitted };
}

/**
 * A pending cash registration paid at the door and admitted, offline too: decided on the row as it
 * is then; the row marked paid and checked in and the cash queued in one transaction.
 */
export async function payCashLocally(
  eventId: string,
  registrationId: string,
  device: string,
  db: CongregaDb = defaultDb,
  now = new Date(),
  session?: CheckinSession,
): Promise<DoorFeedback> {
  const found = await rosterEntry(eventId, registrationId, db);
  return db.transaction('rw', db.rosters, db.outbox, async () => {
    const row = found && ((await db.rosters.get(found.id)) ?? found);
    if (!row || row.event_id !== eventId || row.paid || !row.cash_due) return decide(row, session);
    const amount = row.cash_due;
    const result = decide({ ...row, paid: true, cash_due: null }, session);
    if (result.kind !== 'created') return result;
    const { clientId } = await admitAndQueue(
      db,
      result.entry,
      'cash',
      { eventId, device, now, session },
      { amount },
    );
    return { ...result, clientId, paidCash: amount };
  });
}
