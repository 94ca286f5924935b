/**
 * An absolute http: or https: URL with a host and no whitespace: the only links an event may send
 * people to (javascript:, data:, file: and the like are refused). The database's
 * `events_external_redirect_http` check spells the same shape.
 */
const HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !HTTP_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Where joining an event sends the browser: its external_redirect, only when it is an http(s) URL. */
export function externalRedirectOf(event: { external_redirect: string | null | undefined }): string | null {
  return isHttpUrl(event.external_redirect) ? event.external_redirect : null;
}
