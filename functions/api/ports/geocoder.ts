/**
 * Address search for venues: text in, places with coordinates out. Production asks OpenStreetMap's
 * Nominatim (its usage policy: an identifying User-Agent, at most one request a second, no bulk);
 * the local host in dev mode answers from a fixed list (the demo venues' addresses), so the editor
 * works without the internet.
 */

export interface Place {
  label: string;
  lat: number;
  lng: number;
}

export interface Geocoder {
  search(query: string): Promise<Place[]>;
}

/** A geocoder that could not answer (network, rate limit, bad answer). */
export class GeocoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderError';
  }
}

const MAX_RESULTS = 5;

/**
 * Nominatim's /search over fetch (https://nominatim.org/release-docs/latest/api/Search/), limited
 * to Brazil, answers in pt-BR. Requests are spaced at least a second apart, as the policy asks.
 */
export function createNominatimGeocoder(opts: {
  baseUrl?: string;
  userAgent: string;
  fetch?: typeof fetch;
  minIntervalMs?: number;
}): Geocoder {
  const base = (opts.baseUrl ?? 'https://nominatim.openstreetmap.org').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const interval = opts.minIntervalMs ?? 1000;
  let nextSlot = 0;
  return {
    async search(query) {
      const wait = nextSlot - Date.now();
      nextSlot = Math.max(Date.now(), nextSlot) + interval;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const url = `${base}/search?format=jsonv2&limit=${MAX_RESULTS}&countrycodes=br&accept-language=pt-BR&q=${encodeURIComponent(query)}`;
      let res: Response;
      try {
        res = await doFetch(url, { headers: { 'user-agent': opts.userAgent, accept: 'application/json' } });
      } catch (error) {
        throw new GeocoderError(`nominatim unreachable: ${String(error)}`);
      }
      if (!res.ok) throw new GeocoderError(`nominatim answered ${res.status}`);
      const body: unknown = await res.json().catch(() => null);
      if (!Array.isArray(body)) throw new GeocoderError('nominatim answered no list');
      return body
        .map((x: { display_name?: unknown; lat?: unknown; lon?: unknown }) => ({
          label: String(x.display_name ?? ''),
          lat: Number(x.lat),
          lng: Number(x.lon),
        }))
        .filter((p) => p.label && Number.isFinite(p.lat) && Number.isFinite(p.lng))
        .slice(0, MAX_RESULTS);
    },
  };
}

/** Folds case and accents: 'São Paulo' and 'sao paulo' match. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A geocoder over a fixed list: every place whose label contains each word of the query. */
export function createFixedGeocoder(places: readonly Place[]): Geocoder {
  return {
    async search(query) {
      const words = fold(query)
        .split(/[\s,]+/)
        .filter(Boolean);
      if (!words.length) return [];
      return places.filter((p) => words.every((w) => fold(p.label).includes(w))).slice(0, MAX_RESULTS);
    },
  };
}
