/** Parameter helpers that behave the same on PGlite and postgres.js (unprepared queries). */

/** A Postgres array literal for a `$n::text[]` / `$n::uuid[]` parameter. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** A jsonb parameter (`$n::jsonb`). */
export function pgJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
