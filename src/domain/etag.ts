/**
 * Whether If-None-Match names this tag (weak comparison, as RFC 9110 asks for GET): the API's public
 * reads (functions/api/middleware/public-cache.ts) and the host's micro-cache (server/micro-cache.ts).
 */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const expected = stripWeak(tag);
  return (ifNoneMatch.match(/(W\/)?"[^"]*"/g) ?? []).some((t) => stripWeak(t) === expected);
}

const stripWeak = (tag: string) => tag.replace(/^W\//, '');
