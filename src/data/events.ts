/**
 * Events repository: reads from Dexie (live queries), refreshes from the API. Events are public
 * data, so they survive sign-out.
 */
import { monthOf } from '../domain/events.ts';
import type { EventDetail } from '../domain/types.ts';
import { db, type StoredEvent } from './db.ts';
import { fetchApi, refresh } from './sync.ts';

export const UPCOMING_KEY = 'events:upcoming';
export const monthSyncKey = (month: string) => `events:month:${month}`;
export const eventSyncKey = (id: string) => `events:id:${id}`;

function toStored(event: EventDetail, upcoming: 0 | 1, storedAt: number): StoredEvent {
  return { ...event, month: monthOf(new Date(event.starts_at)), upcoming, stored_at: storedAt };
}

export const byStart = (a: StoredEvent, b: StoredEvent) => a.starts_at.localeCompare(b.starts_at);

/** GET /v1/events/upcoming → replaces the upcoming set (events no longer listed lose the flag). */
export function refreshUpcoming(): Promise<void> {
  return refresh(UPCOMING_KEY, async () => {
    const events = await fetchApi((api) => api.v1.events.upcoming.$get());
    const now = Date.now();
    const ids = new Set(events.map((e) => e.id));
    await db.transaction('rw', db.events, db.syncState, async () => {
      const previous = await db.events.where('upcoming').equals(1).primaryKeys();
      const dropped = previous.filter((id) => !ids.has(id));
      if (dropped.length) await db.events.where('id').anyOf(dropped).modify({ upcoming: 0 });
      await db.events.bulkPut(events.map((e) => toStored(e, 1, now)));
      await db.syncState.put({ key: UPCOMING_KEY, fetched_at: now });
    });
  });
}

/** GET /v1/events?month= → replaces that month's top-level events (keeping the upcoming flag). */
export function refreshMonth(month: string): Promise<void> {
  const key = monthSyncKey(month);
  return refresh(key, async () => {
    const events = await fetchApi((api) => api.v1.events.$get({ query: { month } }));
    const now = Date.now();
    const ids = new Set(events.map((e) => e.id));
    await db.transaction('rw', db.events, db.syncState, async () => {
      const stored = await db.events.where('month').equals(month).toArray();
      const flags = new Map(stored.map((e) => [e.id, e.upcoming]));
      // Gone from the month (deleted or moved): drop it unless the upcoming set still holds it.
      const gone = stored.filter((e) => !e.parent_id && !ids.has(e.id) && e.upcoming === 0).map((e) => e.id);
      if (gone.length) await db.events.bulkDelete(gone);
      const upcomingIds = new Set(
        await db.events
          .where('id')
          .anyOf([...ids])
          .filter((e) => e.upcoming === 1)
          .primaryKeys(),
      );
      await db.events.bulkPut(
        events.map((e) => toStored(e, flags.get(e.id) === 1 || upcomingIds.has(e.id) ? 1 : 0, now)),
      );
      await db.syncState.put({ key, fetched_at: now });
    });
  });
}

/** GET /v1/events/:id → stores it; a 404 removes it from the store. */
export function refreshEvent(id: string): Promise<void> {
  const key = eventSyncKey(id);
  return refresh(key, async () => {
    try {
      const event = await fetchApi((api) => api.v1.events[':id'].$get({ param: { id } }));
      const now = Date.now();
      await db.transaction('rw', db.events, db.syncState, async () => {
        const old = await db.events.get(id);
        await db.events.put(toStored(event, old?.upcoming ?? 0, now));
        await db.syncState.put({ key, fetched_at: now });
      });
    } catch (error) {
      if ((error as { status?: number }).status === 404) await db.events.delete(id);
      throw error;
    }
  });
}
