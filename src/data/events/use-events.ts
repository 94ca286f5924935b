/** The events as screens show them (query cache; kept on the device by persist.ts). */
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { compareIso } from '../../domain/dates.ts';
import type { EventDetail } from '../../domain/types.ts';
import { type Listing, listingOf } from '../listing.ts';
import { eventQuery } from './event-query.ts';
import { monthEventsQuery } from './month-query.ts';
import { upcomingEventsQuery } from './upcoming-query.ts';

/** What a list shows: top-level events (sub-events show inside their event), soonest first. */
export const listed = (events: EventDetail[]) =>
  events.filter((e) => !e.parent_id).sort((a, b) => compareIso(a.starts_at, b.starts_at));

/**
 * A list's answer arrives as a deferred value: React renders the screen it fills (a home of cards)
 * in the background, in slices, not in one long task that would hold up a tap (a query's update
 * alone renders synchronously).
 */
function useDeferredListing<T>(query: UseQueryResult<T>): Listing<T> {
  const data = useDeferredValue(query.data);
  return listingOf({ ...query, data } as UseQueryResult<T>);
}

/** Upcoming top-level events (home), soonest first. */
export function useUpcomingEvents(): Listing<EventDetail[]> {
  return useDeferredListing(useQuery({ ...upcomingEventsQuery(), select: listed }));
}

/** Top-level events starting in `month` (São Paulo time), soonest first. */
export function useMonthEvents(month: string): Listing<EventDetail[]> {
  return useDeferredListing(useQuery({ ...monthEventsQuery(month), select: listed }));
}

/**
 * One event (overlay, event page); `id` undefined reads nothing. Null when there is none to show:
 * the API has none (status 'not-found'), or it could not be fetched and the device has none.
 */
export function useEvent(id: string | undefined): Listing<EventDetail | null> {
  const listing = listingOf(useQuery({ ...eventQuery(id ?? ''), enabled: Boolean(id) }));
  if (listing.data === null) return { ...listing, status: { phase: 'not-found' } };
  return listing.view === 'unavailable' ? { ...listing, data: null } : listing;
}
