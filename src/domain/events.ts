/**
 * Event timing rules shared by the browser and the API: what is happening now, what is upcoming,
 * and month ranges in America/Sao_Paulo. Pure functions.
 */

/** The fields the timing rules read. Timestamps as ISO strings (API shape) or Dates. */
export interface EventTiming {
  starts_at: string | Date;
  checkin_starts_at?: string | Date | null;
  checkin_ends_at?: string | Date | null;
  force_upcoming?: boolean | null;
}

/** Without a check-in end, an event counts as under way for this long after it starts. */
export const EVENT_DEFAULT_DURATION_MS = 6 * 60 * 60 * 1000;

/** America/Sao_Paulo is UTC−3 all year (no daylight saving since 2019). */
export const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;

const ms = (d: string | Date | null | undefined): number | null =>
  d === null || d === undefined ? null : new Date(d).getTime();

/** When the event is over: its check-in end when set, else start + 6 h. */
export function eventEndsAt(event: EventTiming): Date {
  const end = ms(event.checkin_ends_at);
  return new Date(end ?? (ms(event.starts_at) as number) + EVENT_DEFAULT_DURATION_MS);
}

/** The check-in window is open: it has started and the event is not over. */
export function isCheckinOpen(event: EventTiming, now: Date): boolean {
  const start = ms(event.checkin_starts_at);
  if (start === null) return false;
  const t = now.getTime();
  return t >= start && t < eventEndsAt(event).getTime();
}

/** Under way: check-in window open, or started and not over. */
export function isHappeningNow(event: EventTiming, now: Date): boolean {
  if (isCheckinOpen(event, now)) return true;
  const t = now.getTime();
  return t >= (ms(event.starts_at) as number) && t < eventEndsAt(event).getTime();
}

/** One calendar month after `now` (the upcoming window). */
export function upcomingWindowEnd(now: Date): Date {
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + 1);
  // 31 Jan + 1 month → 28/29 Feb, not 2/3 Mar
  if (end.getUTCDate() < day) end.setUTCDate(0);
  return end;
}

/** Upcoming: happening now, forced, or starting within the next month. */
export function isUpcoming(event: EventTiming, now: Date): boolean {
  if (isHappeningNow(event, now)) return true;
  if (event.force_upcoming) return true;
  const start = ms(event.starts_at) as number;
  return start >= now.getTime() && start <= upcomingWindowEnd(now).getTime();
}

/** `YYYY-MM` of a moment, in America/Sao_Paulo. */
export function monthOf(date: Date): string {
  const local = new Date(date.getTime() + SAO_PAULO_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month `delta` months after `month` (`YYYY-MM`). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** [start, end) of a `YYYY-MM` month in America/Sao_Paulo, as instants. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - SAO_PAULO_OFFSET_MS);
  const end = new Date(Date.UTC(y, m, 1) - SAO_PAULO_OFFSET_MS);
  return { start, end };
}

/** The general tag: the one marked `is_general` (a flag, whatever the tag is called). */
export function isGeneralTag(tag: { is_general?: boolean | null }): boolean {
  return tag.is_general === true;
}

/** The event carries the general tag, so the home's row lists it. */
export function hasGeneralTag(event: { tags: readonly { is_general?: boolean | null }[] }): boolean {
  return event.tags.some(isGeneralTag);
}
