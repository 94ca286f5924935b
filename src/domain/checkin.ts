/**
 * Door check-in rules shared by the browser (offline, against the local roster) and the API (the
 * authority): what a scanned or typed code is, how it matches a roster row, and the result kinds.
 * Pure: Web Crypto (a web standard present in browsers, Node and Deno) is the only platform API.
 */
import * as v from 'valibot';
import { formatTime } from './dates.ts';
import { checkinMessages as m } from './messages/checkin.ts';
import { firstName } from './people.ts';
import { isValidCpf, onlyDigits } from './validation.ts';

/** What a QR of a ticket encodes: `checkin:{registrationId}` (registrations.ts ticketQrContent). */
export const QR_PREFIX = 'checkin:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CheckinCode =
  | { kind: 'registration'; registrationId: string }
  | { kind: 'seq'; seq: string }
  | { kind: 'cpf'; cpf: string };

export type ParsedCode = { ok: true; code: CheckinCode } | { ok: false; message: string };

/** '482913' → '482-913' (the 7-character manual code mask). */
export function formatSeq(seq: string): string {
  const d = onlyDigits(seq).slice(0, 6);
  return d.length > 3 ? `${d.slice(0, 3)}-${d.slice(3)}` : d;
}

/**
 * A scan or a typed code: `checkin:{uuid}`, the manual code (`###-###` or 6 digits), or a CPF when
 * there are more than 6 digits (it must be a valid CPF then).
 */
export function parseCheckinCode(raw: string): ParsedCode {
  const text = raw.trim();
  if (text.toLowerCase().startsWith(QR_PREFIX)) {
    const id = text.slice(QR_PREFIX.length).trim().toLowerCase();
    return UUID.test(id) ? { ok: true, code: { kind: 'registration', registrationId: id } } : invalid();
  }
  if (!/^[\d.\-\s]+$/.test(text)) return invalid();
  const digits = onlyDigits(text);
  if (digits.length === 6 && /^\d{3}-?\d{3}$/.test(text.replace(/\s/g, ''))) {
    return { ok: true, code: { kind: 'seq', seq: digits } };
  }
  if (digits.length > 6) {
    return digits.length === 11 && isValidCpf(digits)
      ? { ok: true, code: { kind: 'cpf', cpf: digits } }
      : { ok: false, message: m.invalidCpf };
  }
  return invalid();
}

const invalid = (): ParsedCode => ({ ok: false, message: m.invalidCode });

/**
 * Bits of a roster's CPF tag. A CPF has 9 free digits (10^9 valid CPFs), so a 16-bit tag is shared
 * by about 10^9 / 65,536 ≈ 15,000 valid CPFs: whoever holds a door device (its roster and the event's
 * key) can list the CPFs that fit a row, not tell which one is the person's. The door confirms by
 * the name it shows. (A full hash, even salted, was reversed in minutes by enumerating every CPF.)
 */
export const CPF_TAG_BITS = 16;

/**
 * The tag of a CPF in an event's roster: the first CPF_TAG_BITS of SHA-256(key ':' 11 digits), with
 * the event's own random key (kept on the server, sent only with the roster to staff with `checkin`).
 * Web Crypto, same in browser and API; the API computes the same value in SQL (rosterCpfTagSql).
 */
export async function rosterCpfTag(key: string, cpf: string): Promise<string> {
  const data = new TextEncoder().encode(`${key}:${onlyDigits(cpf)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return [...digest.subarray(0, CPF_TAG_BITS / 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** One registration of an event's roster as the door keeps it. */
export interface RosterEntry {
  /** registration id */
  id: string;
  event_id: string;
  seq: string;
  name: string;
  congregation: string | null;
  /** rosterCpfTag(event key, cpf): a short tag many CPFs share (never the CPF), or null without one */
  cpf_hash: string | null;
  paid: boolean;
  /** the first check-in of this person at this event, when known */
  checked_in_at: string | null;
  checked_in_device: string | null;
  /** the session of that check-in (events with sessions: the person's latest check-in) */
  checked_in_session?: string | null;
  /** the caravan this registration belongs to (src/domain/caravans.ts); absent on older rosters */
  group_id?: string | null;
  /** a minor's guardian who authorized them (shown on admission); absent for adults */
  guardian?: string | null;
  /** a pending cash registration: the centavos the door may take (src/domain/door-sales.ts) */
  cash_due?: number | null;
}

/** Where the roster is looked up (an index each: Dexie locally, SQL on the server). */
export interface RosterLookup {
  byId(id: string): Promise<RosterEntry | undefined> | RosterEntry | undefined;
  bySeq(seq: string): Promise<RosterEntry | undefined> | RosterEntry | undefined;
  /** every row whose CPF tag is this one (a tag fits many CPFs: possibly more than one person) */
  byCpfHash(hash: string): Promise<RosterEntry[]> | RosterEntry[];
  /** the event's CPF key, sent with the roster */
  cpfKey(): Promise<string | undefined> | string | undefined;
}

export type CheckinResult =
  | { kind: 'created'; entry: RosterEntry }
  | { kind: 'already'; entry: RosterEntry; at: string; device: string | null; session?: string }
  | { kind: 'not_found' }
  | { kind: 'not_paid'; entry: RosterEntry }
  /** a typed CPF whose tag fits more than one person: nobody is admitted, their names are shown */
  | { kind: 'ambiguous'; candidates: RosterEntry[] };

export type CheckinKind = CheckinResult['kind'];

/** Finds the code's registration in the event's roster (a CPF fitting several rows: all of them). */
export async function findEntry(
  eventId: string,
  code: CheckinCode,
  roster: RosterLookup,
): Promise<RosterEntry | RosterEntry[] | undefined> {
  let entry: RosterEntry | undefined;
  if (code.kind === 'registration') entry = await roster.byId(code.registrationId);
  else if (code.kind === 'seq') entry = await roster.bySeq(code.seq);
  else {
    const key = await roster.cpfKey();
    if (!key) return undefined;
    const found = (await roster.byCpfHash(await rosterCpfTag(key, code.cpf))).filter(
      (e) => e.event_id === eventId,
    );
    return found.length > 1 ? found : found[0];
  }
  return entry && entry.event_id === eventId ? entry : undefined;
}

/**
 * What admitting this roster row would do now: the rule of both the door and the server. In an
 * event with sessions a ticket is admitted once per session: `session` is the door's.
 */
export function decide(
  entry: RosterEntry | RosterEntry[] | undefined,
  session?: CheckinSession | null,
): CheckinResult {
  // more than one person fits the CPF: the door shows their names and asks for the QR or the code
  if (Array.isArray(entry))
    return { kind: 'ambiguous', candidates: entry.map((e) => inSession(e, session?.id)) };
  if (!entry) return { kind: 'not_found' };
  const row = inSession(entry, session?.id);
  if (!row.paid) return { kind: 'not_paid', entry: row };
  if (row.checked_in_at) {
    return {
      kind: 'already',
      entry: row,
      at: row.checked_in_at,
      device: row.checked_in_device,
      ...(session ? { session: session.name } : {}),
    };
  }
  return { kind: 'created', entry: row };
}

/** A check-in day or session of an event (a camp's days, a conference's morning and evening). */
export interface CheckinSession {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
}

/**
 * The row as it counts in session `sessionId`: checked in only if its latest check-in was made in
 * that session (no session: as it is).
 */
export function inSession(entry: RosterEntry, sessionId: string | null | undefined): RosterEntry {
  if (!sessionId || !entry.checked_in_at || entry.checked_in_session === sessionId) return entry;
  return { ...entry, checked_in_at: null, checked_in_device: null, checked_in_session: null };
}

/**
 * The session a door picks by default: the one under way now, else the next to start, else the
 * last one (a camp's last day, in its evening).
 */
export function currentSession(
  sessions: readonly CheckinSession[] | undefined,
  now: Date,
): CheckinSession | undefined {
  if (!sessions?.length) return undefined;
  const t = now.getTime();
  const sorted = [...sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return (
    sorted.find((s) => Date.parse(s.starts_at) <= t && t < Date.parse(s.ends_at)) ??
    sorted.find((s) => Date.parse(s.starts_at) > t) ??
    sorted.at(-1)
  );
}

/** The pt-BR feedback of a result. */
export function resultMessage(result: CheckinResult): string {
  switch (result.kind) {
    case 'created': {
      const text = m.created(firstName(result.entry.name) || result.entry.name);
      return result.entry.guardian ? `${text} Menor — autorizado por ${result.entry.guardian}` : text;
    }
    case 'already':
      return result.session
        ? m.alreadyInSession(
            firstName(result.entry.name) || result.entry.name,
            result.session,
            formatTime(result.at),
            result.device ?? m.deviceUnknown,
          )
        : m.already(
            firstName(result.entry.name) || result.entry.name,
            formatTime(result.at),
            result.device ?? m.deviceUnknown,
          );
    case 'not_paid':
      return m.notPaid(firstName(result.entry.name) || result.entry.name);
    case 'not_found':
      return m.notFound;
    case 'ambiguous':
      return m.ambiguous(result.candidates.map((e) => e.name));
  }
}

/** Largest batch the sync endpoint takes at once. */
export const SYNC_BATCH_MAX = 500;

/** How a door's queued check-in ended on the server. */
export type SyncItemKind = 'created' | 'conflict' | 'not_found' | 'not_paid';

// ───────────────────────────── the API's shapes ─────────────────────────────

const uuid = v.pipe(v.string(), v.uuid(m.invalidCode));
/** A door's label: letters (any language), digits, spaces and a little punctuation, 60 at most. */
export const DEVICE_LABEL = /^[\p{L}\p{M}\p{N} .,:#()/_'·-]*$/u;
const device = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(60, m.deviceInvalid), v.regex(DEVICE_LABEL, m.deviceInvalid)),
  '',
);

/** POST /v1/admin/checkin: the scanned QR data or a manual code (###-### or CPF), always with the door's event. */
export const checkinBodySchema = v.pipe(
  v.object({
    scanned: v.optional(v.pipe(v.string(), v.maxLength(200))),
    manual: v.optional(v.pipe(v.string(), v.maxLength(40))),
    eventId: v.optional(uuid),
    device,
  }),
  v.check((b) => Boolean(b.scanned) !== Boolean(b.manual), m.invalidCode),
  // a QR of another event must not pass: the door's event is always named, and must match
  v.check((b) => Boolean(b.eventId), m.chooseEventFirst),
);
export type CheckinBody = v.InferInput<typeof checkinBodySchema>;

/** One check-in queued by a door: its client UUID makes replays harmless. */
export const syncItemSchema = v.object({
  clientId: uuid,
  registrationId: uuid,
  scannedAt: v.pipe(v.string(), v.isoTimestamp(m.invalidCode)),
  /** the door's session (events with sessions); absent: the one under way at scannedAt */
  sessionId: v.optional(uuid),
});
export type SyncItem = v.InferOutput<typeof syncItemSchema>;

/** POST /v1/admin/checkin/sync */
export const syncBodySchema = v.object({
  eventId: uuid,
  device,
  items: v.pipe(v.array(syncItemSchema), v.minLength(1), v.maxLength(SYNC_BATCH_MAX)),
});
export type SyncBody = v.InferInput<typeof syncBodySchema>;

/** GET …/roster: a page of the full roster (`after` the last id), or what changed `since` a cursor. */
export const rosterQuerySchema = v.object({
  after: v.optional(uuid),
  since: v.optional(v.pipe(v.string(), v.isoTimestamp(m.invalidCode))),
});

/** Rows per page of a full roster download. */
export const ROSTER_PAGE_SIZE = 5000;

/** What the server answers for one check-in (single or synced). */
export interface CheckinOutcome {
  kind: CheckinKind;
  registration_id: string | null;
  name: string | null;
  /** the check-in that counts (for `created` this one, for `already` the earlier one) */
  at: string | null;
  device: string | null;
  message: string;
}

export interface SyncOutcome {
  clientId: string;
  kind: SyncItemKind;
  /** for `conflict`: the check-in that won */
  at: string | null;
  device: string | null;
  /** the item's scannedAt was outside the event's door window: `at` is the nearest time inside it */
  clamped?: true;
  /** a walk-in refused: the name on the registration its CPF already had (src/domain/door-sales.ts) */
  registered?: string;
}

/** Slack around an event's door window for a door's clock that is a little off. */
export const DOOR_WINDOW_MARGIN_MS = 3600_000;

/** The check-in times of an event as the door and the server read them. */
export interface EventCheckinTimes {
  starts_at: string;
  checkin_starts_at: string | null;
  checkin_ends_at: string | null;
}

/**
 * When the door admits people to this event without asking: its check-in window when it has one,
 * else from a day before the start to a week after (the door lists events for a week). Outside it
 * the door says so and asks to confirm.
 */
export function eventCheckinWindow(event: EventCheckinTimes): { from: number; to: number } {
  const start = Date.parse(event.starts_at);
  return {
    from: event.checkin_starts_at ? Date.parse(event.checkin_starts_at) : start - 86_400_000,
    to: event.checkin_ends_at ? Date.parse(event.checkin_ends_at) : start + 7 * 86_400_000,
  };
}

/** Whether `now` falls outside the event's check-in window: before it opens or after it closes. */
export function outsideCheckinWindow(event: EventCheckinTimes, now: Date): 'early' | 'late' | null {
  const { from, to } = eventCheckinWindow(event);
  const t = now.getTime();
  return t < from ? 'early' : t > to ? 'late' : null;
}

/**
 * The times a synced door check-in of this event may carry: the event's check-in window
 * (eventCheckinWindow) widened by DOOR_WINDOW_MARGIN_MS, and never after `now`, the server's clock:
 * a check-in confirmed at the door before the window opens is stored when it happened (or now), never
 * at the window's start. A door clock far off (1970, next year) is clamped into it.
 */
export function doorWindow(event: EventCheckinTimes, now: Date): { from: number; to: number } {
  const window = eventCheckinWindow(event);
  const to = Math.min(window.to + DOOR_WINDOW_MARGIN_MS, now.getTime());
  return { from: Math.min(window.from - DOOR_WINDOW_MARGIN_MS, to), to };
}

export interface RosterPage {
  entries: RosterEntry[];
  /** the event's CPF key (rosterCpfTag), to match a typed CPF on the device */
  cpf_key: string;
  /** pass as `since` for the next pull (a little before the server's clock: overlaps are harmless) */
  cursor: string;
  /** rows of the whole roster (first page only; null on `since` pulls) */
  total: number | null;
  /** pass as `after` for the next page; null when this was the last */
  next: string | null;
}

/** A tier the door may sell a walk-in (every tier of the event; a door-only one is never offered online). */
export interface DoorTier {
  id: string;
  name: string;
  /** centavos; 0 is free */
  price: number;
  door_only: boolean;
}

/** An event the door can check people in (started within the last week or upcoming). */
export interface CheckinEvent extends EventCheckinTimes {
  id: string;
  title: string;
  /** its check-in sessions, by start (none: one check-in per person) */
  sessions?: CheckinSession[];
  /** the tiers a walk-in may be sold at the door (src/domain/door-sales.ts) */
  door_tiers?: DoorTier[];
}

/** PUT /v1/admin/events/:eventId/sessions: the event's check-in sessions, all of them. */
export const sessionsBodySchema = v.pipe(
  v.array(
    v.pipe(
      v.object({
        id: v.optional(uuid),
        name: v.pipe(v.string(), v.trim(), v.minLength(1, m.sessionName), v.maxLength(60, m.sessionName)),
        starts_at: v.pipe(v.string(), v.isoTimestamp(m.sessionTimes)),
        ends_at: v.pipe(v.string(), v.isoTimestamp(m.sessionTimes)),
      }),
      v.check((s) => Date.parse(s.ends_at) > Date.parse(s.starts_at), m.sessionTimes),
    ),
  ),
  v.maxLength(31, m.sessionsTooMany),
);
export type SessionsBody = v.InferOutput<typeof sessionsBodySchema>;

/** GET /v1/admin/checkin/events/:eventId/conflicts: one ticket admitted by two doors. */
export interface CheckinConflict {
  id: string;
  registration_id: string;
  name: string;
  /** the session (events with sessions) */
  session: string | null;
  /** the door whose check-in was refused, and when it scanned */
  device: string | null;
  at: string;
  /** the check-in that counts */
  winner_device: string | null;
  winner_at: string | null;
  /** a walk-in refused because the CPF already had a registration: the name typed at the door */
  walk_in?: string;
}

/** GET /v1/checkins: one of the member's own check-ins. */
export interface MyCheckin {
  event_id: string;
  at: string;
}

/**
 * Whether the event page asks the member to check in now (product-spec.md §4): the event requires check-in,
 * the member holds a paid registration and has not checked in, and it is time — inside the
 * check-in window when the event has one, else from 2 h before the start to 12 h after.
 */
export function isTimeToCheckIn(
  event: {
    checkin_policy: string;
    starts_at: string;
    checkin_starts_at: string | null;
    checkin_ends_at: string | null;
  },
  now: Date,
): boolean {
  if (event.checkin_policy !== 'requires') return false;
  const t = now.getTime();
  const from = event.checkin_starts_at
    ? Date.parse(event.checkin_starts_at)
    : Date.parse(event.starts_at) - 2 * 3600_000;
  const to = event.checkin_ends_at
    ? Date.parse(event.checkin_ends_at)
    : Date.parse(event.starts_at) + 12 * 3600_000;
  return t >= from && t <= to;
}
