/**
 * The details overlay's code (tiers, description with DOMPurify, map) is a chunk of its own, fetched
 * on intent — a pointer over a card, keyboard focus on it, a touch — or when the overlay opens, never
 * on a plain visit. Once the service worker has precached it, it opens offline too.
 */
export const loadEventOverlay = () => import('./event-overlay.tsx');

let requested = false;

/** Start fetching the overlay code (idempotent; retried on the next intent after a failure). */
export function preloadEventOverlay(): void {
  if (requested) return;
  requested = true;
  loadEventOverlay().catch(() => {
    requested = false;
  });
}

/** Props that preload the overlay when the user shows intent to open an element. */
export const overlayIntentProps = {
  onPointerEnter: preloadEventOverlay,
  onFocus: preloadEventOverlay,
  onTouchStart: preloadEventOverlay,
} as const;
