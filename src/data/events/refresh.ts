/**
 * Refreshing the events store from the API (GET /v1/events/upcoming, ?month=, /:id). Each refresh
 * is deduplicated per set and never throws: the outcome goes to the sync status, and on failure the
 * stored events stay as they were (stale-while-revalidate). The answer is shown at once
 * (`showAnswer`), then stored. React-free.
 */
import { fetchPublic } from '../api.ts';
import { type FailureLike, refresh, showAnswer } from '../sync.ts';
import {
  eventSyncKey,
  listed,
  monthSyncKey,
  removeEvent,
  saveEvent,
  saveMonth,
  saveUpcoming,
  toStored,
  UPCOMING_KEY,
} from './store.ts';

/** GET /v1/events/upcoming → replaces the upcoming set. */
export function refreshUpcoming(): Promise<void> {
  return refresh(UPCOMING_KEY, async () => {
    const events = await fetchPublic((api) => api.v1.events.upcoming.$get());
    const now = Date.now();
    showAnswer(UPCOMING_KEY, listed(events.map((e) => toStored(e, 1, now))), now);
    await saveUpcoming(events, now);
  });
}

/** GET /v1/events?month= → replaces that month's top-level events. */
export function refreshMonth(month: string): Promise<void> {
  const key = monthSyncKey(month);
  return refresh(key, async () => {
    const events = await fetchPublic((api) => api.v1.events.$get({ query: { month } }));
    const now = Date.now();
    showAnswer(key, listed(events.map((e) => toStored(e, 0, now))), now);
    await saveMonth(month, events, now);
  });
}

/** GET /v1/events/:id → stores it; a 404 removes it from the store. */
export function refreshEvent(id: string): Promise<void> {
  const key = eventSyncKey(id);
  return refresh(key, async () => {
    try {
      const event = await fetchPublic((api) => api.v1.events[':id'].$get({ param: { id } }));
      const now = Date.now();
      showAnswer(key, toStored(event, 0, now), now);
      await saveEvent(event, now);
    } catch (error) {
      if ((error as FailureLike).status === 404) {
        showAnswer(key, null, Date.now());
        await removeEvent(id);
      }
      throw error;
    }
  });
}
