/**
 * THE browser store (Dexie database `congrega`). Screens read it through live queries; repositories
 * refresh it from the API (stale-while-revalidate). Schema changes go through new Dexie versions:
 * never edit a shipped version, add `db.version(n + 1).stores({...}).upgrade(...)` below it.
 *
 * Version 1: public events (with tiers) and the signed-in member's registrations, plus the sync
 * state of each refreshed set. Later issues add their tables (tickets, rosters, outbox...) as new
 * versions here.
 */
import { Dexie, type EntityTable } from 'dexie';
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

export class CongregaDb extends Dexie {
  events!: EntityTable<StoredEvent, 'id'>;
  registrations!: EntityTable<StoredRegistration, 'id'>;
  syncState!: EntityTable<SyncState, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      events: 'id, month, upcoming, parent_id, starts_at',
      registrations: 'id, user_id, event_id, tier_id, status',
      syncState: 'key',
    });
  }
}

export const db = new CongregaDb();

/** Removes everything that belongs to the signed-in member (sign-out). Public events stay. */
export async function clearMemberData(): Promise<void> {
  await db.transaction('rw', db.registrations, db.syncState, async () => {
    await db.registrations.clear();
    await db.syncState.where('key').startsWith('registrations').delete();
  });
}
