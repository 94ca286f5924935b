/** Loading, empty, offline and error states shared by the event screens. */
import type { SyncStatus } from '../../../data/listing.ts';
import { eventMessages } from '../../../domain/messages.ts';
import { useOnlineStatus } from '../../../lib/session.ts';

export function CardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="event-grid" role="status" aria-busy="true">
      <span className="visually-hidden">{eventMessages.loading}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="event-card skeleton-card" aria-hidden="true">
          <div className="skeleton skeleton-image" />
          <div className="event-card-body">
            <div className="skeleton skeleton-line" style={{ width: '40%' }} />
            <div className="skeleton skeleton-line skeleton-title" />
            <div className="skeleton skeleton-line" style={{ width: '60%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A quiet banner about the last refresh: offline (stored data shown) or failed. When nothing is
 * stored yet the failure is the main content, with a retry button.
 */
export function SyncBanner({
  status,
  hasData,
  retry,
  showOffline = true,
}: {
  status: SyncStatus;
  hasData: boolean;
  retry(): void;
  /** false where the page already says it is offline. */
  showOffline?: boolean;
}) {
  const online = useOnlineStatus();
  if (!online || status.phase === 'offline') {
    if (!showOffline) return null;
    return (
      <p className="sync-banner" role="status">
        {eventMessages.offline}
      </p>
    );
  }
  if (status.phase === 'error') {
    return (
      <div className={hasData ? 'sync-banner' : 'empty-state'} role="alert">
        <p>{eventMessages.loadFailed}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {eventMessages.retry}
        </button>
      </div>
    );
  }
  return null;
}
