/** The OpenStreetMap embed for an event's first venue (product-spec.md §9: zoom 15, or 5 and a default centre). */
import type { Venue } from './types.ts';

/** São Paulo city centre (Praça da Sé), used when the venue has no coordinates. */
export const DEFAULT_MAP_CENTRE = { lat: -23.5505, lng: -46.6333 } as const;
export const VENUE_ZOOM = 15;
export const DEFAULT_ZOOM = 5;

export interface MapEmbed {
  src: string;
  zoom: number;
  centre: { lat: number; lng: number };
  hasMarker: boolean;
}

const round = (n: number) => Number(n.toFixed(6));

/**
 * The bounding box a `width`×`height` px map shows at `zoom` around `centre` (Web Mercator,
 * 256 px tiles), as the embed wants it: minLng,minLat,maxLng,maxLat.
 */
export function bboxFor(centre: { lat: number; lng: number }, zoom: number, width: number, height: number) {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfLng = (width / 2) * degreesPerPixel;
  const halfLat = (height / 2) * degreesPerPixel * Math.cos((centre.lat * Math.PI) / 180);
  return [centre.lng - halfLng, centre.lat - halfLat, centre.lng + halfLng, centre.lat + halfLat].map(
    round,
  ) as [number, number, number, number];
}

export function mapEmbed(venue: Pick<Venue, 'lat' | 'lng'> | undefined, width = 640, height = 320): MapEmbed {
  const hasCoords =
    venue !== undefined &&
    typeof venue.lat === 'number' &&
    typeof venue.lng === 'number' &&
    Number.isFinite(venue.lat) &&
    Number.isFinite(venue.lng);
  const centre = hasCoords ? { lat: venue.lat as number, lng: venue.lng as number } : DEFAULT_MAP_CENTRE;
  const zoom = hasCoords ? VENUE_ZOOM : DEFAULT_ZOOM;
  const bbox = bboxFor(centre, zoom, width, height).join(',');
  const params = new URLSearchParams({ bbox, layer: 'mapnik' });
  if (hasCoords) params.set('marker', `${round(centre.lat)},${round(centre.lng)}`);
  return {
    src: `https://www.openstreetmap.org/export/embed.html?${params.toString()}`,
    zoom,
    centre,
    hasMarker: hasCoords,
  };
}

/**
 * Where 'Abrir no mapa' goes: OpenStreetMap with a marker at the venue, else a search for its
 * address (or name). Opens in the browser or the phone's map app.
 */
export function openMapUrl(venue: Pick<Venue, 'name' | 'address' | 'lat' | 'lng'>): string {
  if (
    typeof venue.lat === 'number' &&
    typeof venue.lng === 'number' &&
    Number.isFinite(venue.lat) &&
    Number.isFinite(venue.lng)
  ) {
    const lat = round(venue.lat);
    const lng = round(venue.lng);
    return `https://www.openstreetmap.org/?${new URLSearchParams({ mlat: String(lat), mlon: String(lng) })}#map=${VENUE_ZOOM + 2}/${lat}/${lng}`;
  }
  const query = [venue.address, venue.name].map((s) => s?.trim()).find(Boolean) ?? '';
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query })}`;
}

/** How long a map frame in view may take to load before the address and link replace it. */
export const MAP_LOAD_TIMEOUT_MS = 12_000;

export type MapFrameState = 'loading' | 'loaded' | 'failed';

/**
 * Show the embedded map, or the address with 'Abrir no mapa': offline (a frame cannot be trusted
 * then: a cross-origin error page looks loaded), or when the frame never loaded.
 */
export function showMapFrame(online: boolean, state: MapFrameState): boolean {
  return online && state !== 'failed';
}
