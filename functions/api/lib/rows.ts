/** Converters from driver values (PGlite and postgres.js) to the API's JSON shapes. */

/** A timestamp as an ISO string (drivers give Date objects; strings pass through normalised). */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function strOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A text[] column (drivers give arrays; a raw `{a,b}` literal is parsed as a fallback). */
export function textArray<T extends string = string>(value: unknown): T[] {
  if (Array.isArray(value)) return value.map(String) as T[];
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return (inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : []) as T[];
  }
  return [];
}

/** A jsonb column (drivers give objects; a string is parsed). */
export function jsonOrNull(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return value as Record<string, unknown>;
}
