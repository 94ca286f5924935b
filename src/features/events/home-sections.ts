/** What the home (`/`) shows, from the stored upcoming events. Pure. */
import { isHappeningNow, isUpcoming } from '../../domain/events.ts';
import type { EventDetail } from '../../domain/types.ts';

/** The tag that puts an event in the home row. */
export const GENERAL_TAG_NAME = 'Geral';

export function hasGeneralTag(event: Pick<EventDetail, 'tags'>): boolean {
  return event.tags.some((t) => t.name.trim().toLowerCase() === GENERAL_TAG_NAME.toLowerCase());
}

/**
 * 'Acontecendo agora': top-level upcoming events under way. The row: the other upcoming events
 * carrying the general tag (an event under way is not shown twice). Events whose window passed
 * since the last refresh (e.g. offline for days) drop out by the same rule the API uses.
 */
export function homeSections<E extends EventDetail>(
  events: readonly E[],
  now: Date,
): { happeningNow: E[]; general: E[] } {
  const happeningNow: E[] = [];
  const general: E[] = [];
  for (const e of events) {
    if (e.parent_id || !isUpcoming(e, now)) continue;
    if (isHappeningNow(e, now)) happeningNow.push(e);
    else if (hasGeneralTag(e)) general.push(e);
  }
  return { happeningNow, general };
}
