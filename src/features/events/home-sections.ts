/** What the home (`/`) shows, from the stored upcoming events. Pure. */
import { hasGeneralTag, isHappeningNow, isUpcoming } from '../../domain/events.ts';
import type { EventDetail } from '../../domain/types.ts';

/**
 * 'Acontecendo agora': top-level upcoming events under way. The row: the other upcoming events
 * carrying the general tag (the `is_general` flag; an event under way is not shown twice). Events
 * whose window passed since the last refresh (e.g. offline for days) drop out by the same rule the
 * API uses.
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

/** What the general row's place shows: cards, skeletons while nothing is known, the empty text, or nothing. */
export type HomeRow = 'events' | 'loading' | 'empty' | 'none';

/**
 * Spec §2: 'Acontecendo agora' when events are under way, THEN the general row or 'Sem eventos por
 * enquanto...' — the empty text depends on the row alone, not on 'Acontecendo agora'. While nothing
 * was ever fetched the row shows skeletons (refreshing) or nothing (offline/failed: the banner says why).
 */
export function homeRow(input: {
  general: readonly unknown[] | undefined;
  view: 'loading' | 'ready' | 'unavailable';
}): HomeRow {
  if (input.general && input.general.length > 0) return 'events';
  if (input.view === 'loading') return 'loading';
  if (input.view === 'unavailable') return 'none';
  return 'empty';
}
