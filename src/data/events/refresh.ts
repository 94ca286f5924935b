/**
 * Refreshing the events store from the API (GET /v1/events/upcoming, ?month=, /:id). Each refresh
 * is deduplicated per set and never throws: the outcome goes to the sync status, and on failure the
 * stored events stay as they were (stale-while-revalidate). React-free.
 */
import { fetchPublic } from '../api.ts';
import { type FailureLike, refresh } from '../sync.ts';
import {
  eventSyncKey,
  monthSyncKey,
  removeEvent,
  saveEvent,
  saveMonth,
  saveUpcoming,
  UPCOMING_KEY,
} from './store.ts';

/** GET /v1/events/upcoming → replaces the upcoming set. */
export function refreshUpcoming(): Promise<void> {
  return refresh(UPCOMING_KEY, async () => {
    await saveUpcoming(await fetchPublic((api) => api.v1.events.upcoming.$get()));
  });
}

/** GET /v1/events?month= → replaces that month's top-level events. */
export function refreshMonth(month: string): Promise<void> {
  return refresh(monthSyncKey(month), async () => {
    await saveMonth(month, await fetchPublic((api) => api.v1.events.$get({ query: { month } })));
  });
}

/** GET /v1/events/:id → stores it; a 404 removes it from the store. */
export function refreshEvent(id: string): Promise<void> {
  return refresh(eventSyncKey(id), async () => {
    try {
      await saveEvent(await fetchPublic((api) => api.v1.events[':id'].$get({ param: { id } })));
    } catch (error) {
      if ((error as FailureLike).status === 404) await removeEvent(id);
      throw error;
    }
  });
}
