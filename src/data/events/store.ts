/**
 * The events store: reads and writes of public events in Dexie. Events are public data, so they
 * survive sign-out. React-free; refresh.ts fills it from the API, use-events.ts reads it live.
 * Dexie loads on first use (../open-db.ts).
 */
import { compareIso } from '../../domain/dates.ts';
import { monthOf } from '../../domain/events.ts';
import type { EventDetail } from '../../domain/types.ts';
import type { CongregaDb, StoredEvent, SyncState } from '../db.ts';
import { openDbAfterFirstScreen } from '../open-db.ts';

export const UPCOMING_KEY = 'events:upcoming';
export const monthSyncKey = (month: string) => `events:month:${month}`;
export const eventSyncKey = (id: string) => `events:id:${id}`;

export function toStored(event: EventDetail, upcoming: 0 | 1, storedAt: number): StoredEvent {
  return { ...event, month: monthOf(new Date(event.starts_at)), upcoming, stored_at: storedAt };
}

const byStart = (a: StoredEvent, b: StoredEvent) => compareIso(a.starts_at, b.starts_at);

/** What a list shows: top-level events (sub-events show inside their event), soonest first. */
export const listed = (events: StoredEvent[]) => events.filter((e) => !e.parent_id).sort(byStart);

// ─── reads (given the opened store: live queries track what they read synchronously) ───

/** When a set was last fetched from the API (ms), null when never on this device. */
const fetchedAt = (sync: SyncState | undefined) => sync?.fetched_at ?? null;

/** Upcoming top-level events (home), soonest first, and when the set was last fetched. */
export async function readUpcoming(
  db: CongregaDb,
): Promise<{ events: StoredEvent[]; fetchedAt: number | null }> {
  const [events, sync] = await Promise.all([
    db.events.where('upcoming').equals(1).toArray(),
    db.syncState.get(UPCOMING_KEY),
  ]);
  return { events: listed(events), fetchedAt: fetchedAt(sync) };
}

/** Top-level events starting in `month` (São Paulo time), soonest first. */
export async function readMonth(
  db: CongregaDb,
  month: string,
): Promise<{ events: StoredEvent[]; fetchedAt: number | null }> {
  const [events, sync] = await Promise.all([
    db.events.where('month').equals(month).toArray(),
    db.syncState.get(monthSyncKey(month)),
  ]);
  return { events: listed(events), fetchedAt: fetchedAt(sync) };
}

/** One stored event (null when not stored). */
export async function readEvent(
  db: CongregaDb,
  id: string,
): Promise<{ event: StoredEvent | null; fetchedAt: number | null }> {
  const [event, sync] = await Promise.all([db.events.get(id), db.syncState.get(eventSyncKey(id))]);
  return { event: event ?? null, fetchedAt: fetchedAt(sync) };
}

// ─── writes (one transaction each) ───

/** Replaces the upcoming set: events no longer listed lose the flag (they stay for their month). */
export async function saveUpcoming(events: EventDetail[], now = Date.now()): Promise<void> {
  const ids = new Set(events.map((e) => e.id));
  const db = await openDbAfterFirstScreen();
  await db.transaction('rw', db.events, db.syncState, async () => {
    const previous = await db.events.where('upcoming').equals(1).primaryKeys();
    const dropped = previous.filter((id) => !ids.has(id));
    if (dropped.length) await db.events.where('id').anyOf(dropped).modify({ upcoming: 0 });
    await db.events.bulkPut(events.map((e) => toStored(e, 1, now)));
    await db.syncState.put({ key: UPCOMING_KEY, fetched_at: now });
  });
}

/** Replaces a month's top-level events, keeping the upcoming flag of those still upcoming. */
export async function saveMonth(month: string, events: EventDetail[], now = Date.now()): Promise<void> {
  const ids = new Set(events.map((e) => e.id));
  const db = await openDbAfterFirstScreen();
  await db.transaction('rw', db.events, db.syncState, async () => {
    const stored = await db.events.where('month').equals(month).toArray();
    // Gone from the month: deleted, or moved to another month. Either way the stored copy is stale,
    // upcoming or not (a moved one that is still upcoming comes back with the home's next refresh).
    const gone = stored.filter((e) => !e.parent_id && !ids.has(e.id)).map((e) => e.id);
    if (gone.length) await db.events.bulkDelete(gone);
    const upcomingIds = new Set(
      await db.events
        .where('id')
        .anyOf([...ids])
        .filter((e) => e.upcoming === 1)
        .primaryKeys(),
    );
    await db.events.bulkPut(events.map((e) => toStored(e, upcomingIds.has(e.id) ? 1 : 0, now)));
    await db.syncState.put({ key: monthSyncKey(month), fetched_at: now });
  });
}

/** Stores one event, keeping its upcoming flag. */
export async function saveEvent(event: EventDetail, now = Date.now()): Promise<void> {
  const db = await openDbAfterFirstScreen();
  await db.transaction('rw', db.events, db.syncState, async () => {
    const old = await db.events.get(event.id);
    await db.events.put(toStored(event, old?.upcoming ?? 0, now));
    await db.syncState.put({ key: eventSyncKey(event.id), fetched_at: now });
  });
}

/** The API no longer has this event. */
export async function removeEvent(id: string): Promise<void> {
  await (await openDbAfterFirstScreen()).events.delete(id);
}
