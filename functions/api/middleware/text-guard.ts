import type { MiddlewareHandler } from 'hono';
import {
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  jsonComplexity,
  tooComplexMessage,
} from '../../../src/domain/text.ts';
import type { AppEnv } from '../lib/context.ts';
import { errorJson } from '../lib/errors.ts';
import { MAX_JSON_BYTES } from '../lib/validate.ts';

/** A percent-encoded NUL, or a UTF-16 surrogate encoded as UTF-8 (ED A0..BF xx): never valid text. */
const ENCODED_FORBIDDEN = /%00|%ED%[AB][0-9A-F]/i;

function decodedOrRaw(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function badUrl(url: URL): boolean {
  if (ENCODED_FORBIDDEN.test(url.pathname) || ENCODED_FORBIDDEN.test(url.search)) return true;
  if (hasForbiddenCharacters(decodedOrRaw(url.pathname))) return true;
  for (const [key, value] of url.searchParams) {
    if (hasForbiddenCharacters(key) || hasForbiddenCharacters(value)) return true;
  }
  return false;
}

/** Bodies the routes read as JSON (readJson ignores the declared type); uploads are left alone. */
function readsAsText(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /json|^text\//i.test(contentType);
}

/**
 * Refuses a NUL or a lone surrogate anywhere in the path, the query or a JSON body with 400
 * INVALID_DATA: PostgreSQL cannot store them, and a driver error there would be a 500. A body nested
 * deeper than MAX_JSON_DEPTH or with more than MAX_JSON_STRINGS strings gets the same 400 first.
 * Oversized or malformed bodies pass through: the route answers 413 or 400 itself.
 */
export function textGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refuse = () => errorJson(c, 400, 'INVALID_DATA', forbiddenCharactersMessage);
    if (badUrl(new URL(c.req.url))) return refuse();
    const method = c.req.method;
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      method !== 'OPTIONS' &&
      readsAsText(c.req.header('content-type'))
    ) {
      const declared = Number(c.req.header('content-length') ?? '0');
      if (!(declared > MAX_JSON_BYTES)) {
        // Hono caches the text for the route's validator; the raw stream is read now, so later
        // stream readers (the route's bodyLimit) get a fresh request with the same body.
        const text = await c.req.text().catch(() => '');
        c.req.raw = new Request(c.req.raw, { body: text });
        if (text.length <= MAX_JSON_BYTES) {
          // bounded before anything parses or walks it: 6,000 `[` would overflow a recursive walk
          if (jsonComplexity(text)) return errorJson(c, 400, 'INVALID_DATA', tooComplexMessage);
          if (text.includes('\u0000')) return refuse();
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          if (hasForbiddenCharacters(parsed)) return refuse();
        }
      }
    }
    await next();
  };
}
