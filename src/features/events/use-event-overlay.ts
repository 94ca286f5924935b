/**
 * The event details overlay lives in the URL (`?event=<id>`) so back closes it and links can be
 * shared. Opening pushes a history entry marked `eventOverlay`; closing goes back over that entry,
 * or (opened from a shared link) replaces the URL without the parameter.
 */
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

declare module '@tanstack/history' {
  interface HistoryState {
    eventOverlay?: boolean;
  }
}

const EVENT_ID = /^[\w-]{1,64}$/;

/**
 * `?event=<id>`; a malformed value is dropped, not an error. Plain code rather than valibot: this
 * runs on the home's first load, where valibot would add 2.5 KiB gzip before the first paint.
 */
export function eventIdParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const id = value.trim();
  return EVENT_ID.test(id) ? id : undefined;
}

export interface EventOverlaySearch {
  event?: string;
}

/** Search params of the routes that host the overlay. */
export function eventOverlaySearch(search: Record<string, unknown>): EventOverlaySearch {
  return { event: eventIdParam(search.event) };
}

type AnySearch = Record<string, unknown>;

export function useEventOverlay() {
  const search = useSearch({ strict: false }) as AnySearch;
  const navigate = useNavigate();
  const router = useRouter();
  const eventId = typeof search.event === 'string' ? search.event : undefined;

  const open = useCallback(
    (id: string) => {
      void navigate({
        to: '.',
        search: ((prev: AnySearch) => ({ ...prev, event: id })) as never,
        state: (prev) => ({ ...prev, eventOverlay: true }),
        // From one overlay to another (e.g. a sub-event) replace, so back still closes in one step.
        replace: Boolean(eventId),
        resetScroll: false,
      });
    },
    [navigate, eventId],
  );

  const close = useCallback(() => {
    if (router.state.location.state.eventOverlay) {
      router.history.back();
      return;
    }
    void navigate({
      to: '.',
      search: ((prev: AnySearch) => ({ ...prev, event: undefined })) as never,
      replace: true,
      resetScroll: false,
    });
  }, [navigate, router]);

  /** The address of the overlay for `id` on the current page (for real links). */
  const hrefFor = useCallback(
    (id: string) =>
      router.buildLocation({ to: '.', search: ((prev: AnySearch) => ({ ...prev, event: id })) as never })
        .href,
    [router],
  );

  return { eventId, open, close, hrefFor };
}
