/** Parameter helpers that behave the same on PGlite and postgres.js (unprepared queries). */

/** A Postgres array literal for a `$n::text[]` / `$n::uuid[]` parameter. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** A JSON object or array: what a jsonb column of ours holds. */
export type JsonValue = Record<string, unknown> | readonly unknown[];

/**
 * A jsonb parameter (`$n::jsonb`): the value itself, never JSON text. Both drivers serialise a
 * jsonb-typed parameter themselves, and postgres.js would store pre-stringified text as a JSON
 * *string* (PGlite would parse it: the drivers disagree). Only objects and arrays are accepted, as a
 * top-level string is where the two would differ again.
 */
export function pgJson(value: JsonValue | null | undefined): JsonValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') throw new TypeError('pgJson: only objects and arrays are stored as jsonb');
  return value;
}
