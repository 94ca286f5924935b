import { describe, expect, it } from 'vitest';
import { bboxFor, DEFAULT_MAP_CENTRE, mapEmbed, openMapUrl, showMapFrame } from './map.ts';

describe('mapEmbed', () => {
  it('centres on the venue at zoom 15 with a marker', () => {
    const m = mapEmbed({ lat: -22.9068, lng: -43.1729 });
    expect(m.zoom).toBe(15);
    expect(m.hasMarker).toBe(true);
    const url = new URL(m.src);
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('marker')).toBe('-22.9068,-43.1729');
    const [minLng, minLat, maxLng, maxLat] = url.searchParams.get('bbox')!.split(',').map(Number) as number[];
    expect((minLng! + maxLng!) / 2).toBeCloseTo(-43.1729, 5);
    expect((minLat! + maxLat!) / 2).toBeCloseTo(-22.9068, 5);
    // 640 px at zoom 15 ≈ 0.0275° of longitude
    expect(maxLng! - minLng!).toBeCloseTo(0.02747, 4);
  });

  it('uses zoom 5 around the default city centre without coordinates, and no marker', () => {
    for (const venue of [undefined, { lat: null, lng: null }, { lat: -23, lng: null }]) {
      const m = mapEmbed(venue);
      expect(m.zoom).toBe(5);
      expect(m.centre).toEqual(DEFAULT_MAP_CENTRE);
      expect(m.hasMarker).toBe(false);
      expect(new URL(m.src).searchParams.has('marker')).toBe(false);
    }
  });

  it('halves the span per zoom level', () => {
    const a = bboxFor({ lat: 0, lng: 0 }, 10, 512, 512);
    const b = bboxFor({ lat: 0, lng: 0 }, 11, 512, 512);
    expect((a[2] - a[0]) / (b[2] - b[0])).toBeCloseTo(2, 4);
  });
});

describe('openMapUrl', () => {
  it('puts a marker on the venue when it has coordinates', () => {
    const url = new URL(openMapUrl({ name: 'Sede', address: 'Rua A, 1', lat: -22.9068, lng: -43.1729 }));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/');
    expect(url.searchParams.get('mlat')).toBe('-22.9068');
    expect(url.searchParams.get('mlon')).toBe('-43.1729');
    expect(url.hash).toBe('#map=17/-22.9068/-43.1729');
  });

  it('searches the address (or the name) without coordinates', () => {
    const url = new URL(
      openMapUrl({ name: 'Sede', address: 'Rua das Flores, 10 - Rio', lat: null, lng: null }),
    );
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('query')).toBe('Rua das Flores, 10 - Rio');
    expect(
      new URL(openMapUrl({ name: 'Sede', address: ' ', lat: null, lng: null })).searchParams.get('query'),
    ).toBe('Sede');
  });
});

describe('showMapFrame', () => {
  it('shows the frame online until it fails, never offline', () => {
    expect(showMapFrame(true, 'loading')).toBe(true);
    expect(showMapFrame(true, 'loaded')).toBe(true);
    expect(showMapFrame(true, 'failed')).toBe(false);
    expect(showMapFrame(false, 'loading')).toBe(false);
    expect(showMapFrame(false, 'failed')).toBe(false);
    expect(showMapFrame(false, 'loaded')).toBe(false);
  });
});
