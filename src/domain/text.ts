/**
 * Text the database cannot store: a NUL byte (PostgreSQL text refuses it) or a lone UTF-16
 * surrogate (not valid UTF-8). Auth and API refuse such input with 400 instead of failing later.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: unknown): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (Array.isArray(value)) return value.some(hasForbiddenCharacters);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => FORBIDDEN.test(key) || hasForbiddenCharacters(inner));
  }
  return false;
}

export const forbiddenCharactersMessage = 'Os dados enviados contêm caracteres inválidos.';
