/**
 * Timestamps as the API answers them (toISOString()). Drivers give Date objects for timestamptz
 * columns, but inside json aggregation Postgres gives its own text ('2026-03-10T20:00:00.5+00:00').
 */

export function iso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(value).toISOString();
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}
