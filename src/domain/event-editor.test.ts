import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  eventFormSchema,
  formatBrDateTime,
  formatPriceInput,
  parseBrDateTime,
  parsePrice,
  tagSchema,
  tierFormSchema,
  venueSchema,
} from './event-editor.ts';
import { editorValidation } from './messages/editor.ts';
import { validationMessages } from './messages/validation.ts';

const messages = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value);
  return r.success ? [] : r.issues.map((i) => [v.getDotPath(i), i.message]);
};

describe('start dates (product-spec.md §5: DD/MM/YYYY or DD/MM/YYYY HH:mm:ss, year 20xx)', () => {
  it('reads São Paulo time into ISO', () => {
    expect(parseBrDateTime('10/03/2026')).toBe('2026-03-10T03:00:00.000Z');
    expect(parseBrDateTime('10/03/2026 19:30')).toBe('2026-03-10T22:30:00.000Z');
    expect(parseBrDateTime('10/03/2026 19:30:15')).toBe('2026-03-10T22:30:15.000Z');
  });
  it('refuses what is not a real date of the 2000s', () => {
    for (const bad of [
      '31/02/2026',
      '10/13/2026',
      '10/03/1999',
      '10/03/26',
      '10/03/2026 24:00',
      '2026-03-10',
      '',
    ]) {
      expect(parseBrDateTime(bad), bad).toBeNull();
    }
  });
  it('writes ISO back as typed', () => {
    expect(formatBrDateTime('2026-03-10T22:30:00.000Z')).toBe('10/03/2026 19:30');
    expect(formatBrDateTime('2026-03-10T22:30:15.000Z')).toBe('10/03/2026 19:30:15');
    expect(formatBrDateTime(null)).toBe('');
  });
});

describe('the event form', () => {
  const valid = {
    title: 'Vigília',
    starts_at: '20/03/2026 22:00',
    venue_ids: ['8d0f2b4c-6e8a-4c0e-9a2c-a10000000001'],
  };
  it('turns what was typed into the API body', () => {
    const out = v.parse(eventFormSchema, { ...valid, checkin_starts_at: '', external_redirect: '' });
    expect(out).toMatchObject({
      title: 'Vigília',
      starts_at: '2026-03-21T01:00:00.000Z',
      checkin_starts_at: null,
      external_redirect: null,
      registration_policy: 'requires',
    });
  });
  it('shows the spec messages on the fields', () => {
    expect(
      messages(eventFormSchema, { ...valid, title: ' ', starts_at: '32/01/2026', venue_ids: [] }),
    ).toEqual([
      ['title', editorValidation.titleRequired],
      ['venue_ids', editorValidation.venueRequired],
      ['starts_at', validationMessages.date],
    ]);
    expect(messages(eventFormSchema, { ...valid, external_redirect: 'http://x.com' })).toEqual([
      ['external_redirect', editorValidation.https],
    ]);
  });
});

describe('venue, tag and tier rules', () => {
  it('venue: the address message of the spec; lat/lng numbers, typed with a comma too', () => {
    expect(messages(venueSchema, { name: 'Sede', address: '', lat: '-23,5', lng: '-46.6' })).toEqual([
      ['address', validationMessages.addressRequired],
    ]);
    expect(
      v.parse(venueSchema, { name: 'Sede', address: 'Rua A', lat: '-23,5', lng: '-46.6' }),
    ).toMatchObject({
      lat: -23.5,
      lng: -46.6,
    });
  });
  it('tag: default colour #3080d4', () => {
    expect(v.parse(tagSchema, { name: 'Jovens' }).color).toBe('#3080d4');
    expect(v.parse(tagSchema, { name: 'Jovens', color: '' }).color).toBe('#3080d4');
  });
  it('tier form: price in reais to centavos', () => {
    expect(parsePrice('R$ 1.234,56')).toBe(123456);
    expect(parsePrice('25')).toBe(2500);
    expect(parsePrice('25,5')).toBe(2550);
    expect(parsePrice('25.5')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(formatPriceInput(2550)).toBe('25,50');
    expect(v.parse(tierFormSchema, { name: 'Lote 1', price: '150,00', total: '30' })).toMatchObject({
      price: 15000,
      total: 30,
      starts_at: null,
    });
    expect(v.parse(tierFormSchema, { name: 'Grátis', price: '', total: '' })).toMatchObject({
      price: 0,
      total: null,
    });
  });
});
