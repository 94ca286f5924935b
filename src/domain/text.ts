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

/** Deepest nesting of arrays and objects a request body may have (the app's bodies use 4 or 5). */
export const MAX_JSON_DEPTH = 32;
/** Most strings (keys included) a request body may carry. */
export const MAX_JSON_STRINGS = 10_000;

/**
 * Why a JSON text is too complex to parse and walk, or null when it is within the bounds: nesting
 * deeper than `maxDepth` or more than `maxStrings` strings. One pass over the characters, no
 * recursion and no parse, so a 10 KB body of 6,000 `[` costs nothing and overflows no stack.
 * Malformed text is not judged here (the parser answers it).
 */
export function jsonComplexity(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxStrings = MAX_JSON_STRINGS,
): 'depth' | 'strings' | null {
  let depth = 0;
  let strings = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) {
      inString = true;
      if (++strings > maxStrings) return 'strings';
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > maxDepth) return 'depth';
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return null;
}

export const tooComplexMessage = 'Os dados enviados têm níveis ou itens demais.';
