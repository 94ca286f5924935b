/**
 * THE browser store (Dexie database `congrega`): where the device itself is the source of truth (the
 * door's rosters and the outbox of queued check-ins, read through live queries), and where the
 * TanStack Query cache keeps the answers that must open offline (`queries`: persist.ts). React-free.
 *
 * Schema changes go through `VERSIONS`, oldest first: never edit a shipped entry, append one with
 * the new `stores` (Dexie keeps unchanged tables) and an `upgrade` that rewrites stored rows.
 */
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie';
import type { CheckinSession, DoorTier, RosterEntry, SyncItemKind } from '../domain/checkin.ts';
import type { EventDetail, MyRegistration } from '../domain/types.ts';
import { DB_NAME } from './db-name.ts';

// Live queries load with the store (open-db.ts), not with the entry.
export { liveQuery } from 'dexie';

/** An event as schema versions 1–6 stored it (the upgrades below rewrite them). */
interface StoredEvent extends EventDetail {
  month: string;
  upcoming: 0 | 1;
  stored_at: number;
}

/**
 * One answer of the query cache kept for offline use (persist.ts): the query's key, its hash (the
 * cache's `queryHash`), the answer and when it was fetched (ms).
 */
export interface PersistedQuery {
  hash: string;
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** A door's downloaded roster of one event: where it stands. */
export interface RosterMeta {
  event_id: string;
  /** the download whose pages (rosterPages) are the roster; absent on rosters kept before pages */
  download?: string;
  title: string;
  starts_at: string;
  /** the event's check-in window (null: none; absent on rosters kept before it was kept) */
  checkin_starts_at?: string | null;
  checkin_ends_at?: string | null;
  /** the event's check-in sessions (absent: none, or kept before sessions) */
  sessions?: CheckinSession[];
  /** the tiers a walk-in may be sold at the door (absent: kept before door sales) */
  door_tiers?: DoorTier[];
  /** the server's cursor for the next pull */
  cursor: string;
  /** the event's CPF key (rosterCpfTag), from the roster download */
  cpf_key?: string;
  /** when the roster was last downloaded or pulled (ms) */
  updated_at: number;
  count: number;
}

/**
 * One page of a roster download, stored whole: one IndexedDB record for thousands of rows (a record
 * per row costs ~0.15 ms each with its indexes: 1.5–3 s for 10,000). Rows changed since (pulls,
 * this door's check-ins) live in `rosters` and win over the pages.
 */
export interface StoredRosterPage {
  event_id: string;
  download: string;
  /** the page's smallest registration id */
  first: string;
  entries: RosterEntry[];
}

/** A mutation made offline, waiting for the server; removed only once the server answered for it. */
export interface OutboxItem {
  /** the client UUID: the server is idempotent on it */
  clientId: string;
  /** a check-in; a walk-in registered and admitted; a pending cash registration paid and admitted */
  kind: 'checkin' | 'walk_in' | 'cash';
  createdAt: number;
  attempts: number;
  payload: {
    eventId: string;
    /** the registration admitted (a walk-in's: made by the door) */
    registrationId: string;
    scannedAt: string;
    device: string;
    sessionId?: string;
    /** walk-ins and cash (src/domain/door-sales.ts): centavos received */
    amount?: number;
    /** walk-ins: who, and on which tier */
    name?: string;
    cpf?: string;
    phone?: string;
    tierId?: string;
  };
}

/** A queued check-in the server did not take as this door's: shown to staff. */
export interface CheckinIssue {
  clientId: string;
  event_id: string;
  registration_id: string;
  name: string;
  kind: Exclude<SyncItemKind, 'created'>;
  /** a walk-in the server did not create: the name on the registration its CPF already had */
  registered?: string;
  /** for a conflict: when and where the check-in that counts was made */
  at: string | null;
  device: string | null;
  answered_at: number;
}

/** A short lease on shared work (one tab flushes the outbox at a time where Web Locks are missing). */
export interface Lease {
  name: string;
  owner: string;
  until: number;
}

interface SchemaVersion {
  version: number;
  /** Dexie's table specs: primary key first, then indexes; `null` deletes a table. */
  stores: Record<string, string | null>;
  /** Rewrites rows stored by the previous version. */
  upgrade?: (tx: Transaction) => Promise<unknown>;
}

/** Every schema the store has had, oldest first. */
export const VERSIONS: readonly SchemaVersion[] = [
  {
    // public events (with tiers), the member's registrations, the sync state of each refreshed set
    version: 1,
    stores: {
      events: 'id, month, upcoming, parent_id, starts_at',
      registrations: 'id, user_id, event_id, tier_id, status',
      syncState: 'key',
    },
  },
  {
    // Tags carry `is_general` (the home's row follows the flag, no longer a tag named 'Geral').
    // Events stored before the flag existed get it from the old rule, so the home keeps its row
    // offline until the next refresh brings the server's flag.
    version: 2,
    stores: {},
    upgrade: (tx) =>
      tx
        .table<StoredEvent>('events')
        .toCollection()
        .modify((event) => {
          event.tags = event.tags.map((tag) => ({
            ...tag,
            is_general: tag.is_general ?? tag.name.trim().toLowerCase() === 'geral',
          }));
        }),
  },
  {
    // Registrations carry their event and tier (what a ticket shows offline). Rows stored before
    // lack them: dropped, the next refresh brings them back whole.
    version: 3,
    stores: {},
    upgrade: (tx) =>
      tx
        .table<Partial<MyRegistration>>('registrations')
        .filter((r) => !r.event || !r.tier)
        .delete(),
  },
  {
    // the door: rosters per event (never the CPF: its salted hash), the outbox of queued mutations,
    // the check-ins the server answered as conflicts, leases
    version: 4,
    stores: {
      rosters: 'id, event_id, [event_id+seq], [event_id+cpf_hash]',
      rosterMeta: 'event_id',
      outbox: 'clientId, createdAt',
      checkinIssues: 'clientId, event_id',
      leases: 'name',
    },
  },
  {
    // roster downloads stored a page per record (a first download of 10,000 rows stored in one
    // record per page instead of 10,000 records); `rosters` keeps the rows changed since
    version: 5,
    stores: {
      rosterPages: '[event_id+download+first], event_id',
    },
  },
  {
    // rosters carried a full salted SHA-256 of each CPF (reversible by enumerating every CPF): they are
    // dropped, and the door downloads them again with short keyed tags
    version: 6,
    stores: {},
    upgrade: async (tx) => {
      await tx.table('rosters').clear();
      await tx.table('rosterPages').clear();
      await tx.table('rosterMeta').clear();
    },
  },
  {
    // Events and the member's registrations are answers of the query cache now, kept in `queries`
    // (persist.ts). What the tables held moves there, so events and tickets still open offline
    // before the first refresh.
    version: 7,
    stores: { queries: 'hash', events: null, registrations: null, syncState: null },
    upgrade: async (tx) => {
      const rows: PersistedQuery[] = [];
      const sync = new Map(
        (await tx.table<{ key: string; fetched_at: number }>('syncState').toArray()).map((s) => [
          s.key,
          s.fetched_at,
        ]),
      );
      const events = await tx.table<StoredEvent>('events').toArray();
      const upcomingAt = sync.get('events:upcoming');
      if (upcomingAt) {
        const data = events.filter((e) => e.upcoming === 1).map(({ month, upcoming, stored_at, ...e }) => e);
        rows.push(persisted(['events', 'upcoming'], data, upcomingAt));
      }
      const registrationsAt = sync.get('registrations') ?? 1;
      const byUser = new Map<string, MyRegistration[]>();
      for (const r of await tx.table<MyRegistration>('registrations').toArray()) {
        byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
      }
      for (const [userId, list] of byUser)
        rows.push(persisted(['me', userId, 'registrations'], list, registrationsAt));
      await tx.table<PersistedQuery>('queries').bulkPut(rows);
    },
  },
];

/** A row of `queries` for `key` (its hash as the query cache computes it for plain keys). */
function persisted(key: readonly unknown[], data: unknown, updatedAt: number): PersistedQuery {
  return { hash: JSON.stringify(key), key, data, updatedAt };
}

export class CongregaDb extends Dexie {
  queries!: EntityTable<PersistedQuery, 'hash'>;
  rosters!: EntityTable<RosterEntry, 'id'>;
  rosterMeta!: EntityTable<RosterMeta, 'event_id'>;
  rosterPages!: Table<StoredRosterPage, [string, string, string]>;
  outbox!: EntityTable<OutboxItem, 'clientId'>;
  checkinIssues!: EntityTable<CheckinIssue, 'clientId'>;
  leases!: EntityTable<Lease, 'name'>;

  /** `upTo` opens an older schema (tests of the upgrades). */
  constructor(name = DB_NAME, { upTo = Number.POSITIVE_INFINITY }: { upTo?: number } = {}) {
    super(name);
    for (const v of VERSIONS) {
      if (v.version > upTo) break;
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
  }
}

export const db = new CongregaDb();
