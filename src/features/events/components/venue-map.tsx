/**
 * 'Detalhes' map: the OpenStreetMap embed of the first venue, with 'Abrir no mapa' below it.
 * Offline, or when the frame does not load in time once in view, the venue's address and the link
 * take its place (same box, nothing moves) instead of a broken frame.
 */
import { useEffect, useRef, useState } from 'react';
import {
  MAP_LOAD_TIMEOUT_MS,
  type MapFrameState,
  mapEmbed,
  openMapUrl,
  showMapFrame,
} from '../../../domain/map.ts';
import { eventMessages } from '../../../domain/messages.ts';
import type { Venue } from '../../../domain/types.ts';
import { useOnlineStatus } from '../../../lib/session.ts';

export function VenueMap({ venue }: { venue: Venue | undefined }) {
  const online = useOnlineStatus();
  const [state, setState] = useState<MapFrameState>('loading');
  const frame = useRef<HTMLIFrameElement>(null);
  const map = mapEmbed(venue);

  // Back online after a failure: try the frame again.
  useEffect(() => {
    if (online) setState((s) => (s === 'failed' ? 'loading' : s));
  }, [online]);

  // The frame is lazy: start the clock only once it is in view.
  useEffect(() => {
    const el = frame.current;
    if (!el || !online || state !== 'loading' || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (timer === undefined && entries.some((e) => e.isIntersecting)) {
        timer = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), MAP_LOAD_TIMEOUT_MS);
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [online, state]);

  const link = venue && (
    <a className="venue-map-link" href={openMapUrl(venue)} target="_blank" rel="noopener noreferrer">
      {eventMessages.openMap}
      <span className="visually-hidden"> ({eventMessages.externalLink})</span>
    </a>
  );

  if (!showMapFrame(online, state)) {
    if (!venue) return null;
    return (
      <div className="venue-map venue-map-fallback">
        <p className="venue-map-note">{eventMessages.mapOffline}</p>
        <p className="venue-map-address">
          {venue.name}
          {venue.address && (
            <>
              <br />
              {venue.address}
            </>
          )}
        </p>
        {link}
      </div>
    );
  }
  return (
    <>
      <iframe
        ref={frame}
        className="venue-map"
        title={eventMessages.mapTitle}
        src={map.src}
        width={640}
        height={320}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-popups"
        data-zoom={map.zoom}
        onLoad={() => setState('loaded')}
      />
      {link}
    </>
  );
}
