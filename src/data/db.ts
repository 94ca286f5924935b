/**
 * THE browser store (Dexie database `congrega`). Screens read it through live queries (the use-*.ts
 * hooks of each store folder); each store's refresh.ts refreshes it from the API
 * (stale-while-revalidate). React-free.
 *
 * Schema changes go through `VERSIONS`, oldest first: never edit a shipped entry, append one with
 * the new `stores` (Dexie keeps unchanged tables) and an `upgrade` that rewrites stored rows.
 */
import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { EventDetail, MyRegistration } from '../domain/types.ts';

/** An event as the API returns it, with the keys the lists query by. */
export interface StoredEvent extends EventDetail {
  /** `YYYY-MM` of starts_at in São Paulo time. */
  month: string;
  /** 1 while the event is in the last upcoming list fetched (IndexedDB cannot index booleans). */
  upcoming: 0 | 1;
  /** When this row was last written from the API (ms). */
  stored_at: number;
}

/** The signed-in member's own registration; wiped on sign-out. */
export type StoredRegistration = MyRegistration;

/** When a set (e.g. 'events:upcoming', 'events:month:2026-11', 'registrations') was last refreshed. */
export interface SyncState {
  key: string;
  fetched_at: number;
}

export const DB_NAME = 'congrega';

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
        .table<Partial<StoredRegistration>>('registrations')
        .filter((r) => !r.event || !r.tier)
        .delete(),
  },
];

export class CongregaDb extends Dexie {
  events!: EntityTable<StoredEvent, 'id'>;
  registrations!: EntityTable<StoredRegistration, 'id'>;
  syncState!: EntityTable<SyncState, 'key'>;

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
