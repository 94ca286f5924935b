/** Renders the details overlay when the URL has `?event=<id>`; the overlay code loads on demand. */
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { eventMessages } from '../../../domain/messages.ts';
import { Sheet } from '../../../ui/sheet.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useEventOverlay } from '../use-event-overlay.ts';
import { CloseBar } from './close-button.tsx';
import { loadEventOverlay } from './overlay-loader.ts';

const EventOverlay = lazy(loadEventOverlay);

export function EventOverlayHost() {
  const { eventId, close } = useEventOverlay();
  if (!eventId) return null;
  const fallback = (
    <Sheet open labelledBy="overlay-loading" onClose={close} side="right" className="event-sheet">
      <CloseBar onClick={close} label={eventMessages.close} />
      <div className="overlay-message">
        <h2 id="overlay-loading" className="visually-hidden">
          {eventMessages.loading}
        </h2>
        <Spinner label={eventMessages.loading} />
      </div>
    </Sheet>
  );
  return (
    <ChunkBoundary key={eventId} onClose={close}>
      <Suspense fallback={fallback}>
        <EventOverlay id={eventId} onClose={close} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** When the overlay code cannot load (offline before it was cached), say so instead of breaking the page. */
class ChunkBoundary extends Component<{ children: ReactNode; onClose(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Sheet
        open
        labelledBy="overlay-failed"
        onClose={this.props.onClose}
        side="right"
        className="event-sheet"
      >
        <CloseBar onClick={this.props.onClose} label={eventMessages.close} />
        <div className="overlay-message">
          <h2 id="overlay-failed" className="visually-hidden">
            {eventMessages.details}
          </h2>
          <p>{eventMessages.loadFailed}</p>
        </div>
      </Sheet>
    );
  }
}
