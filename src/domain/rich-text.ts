/**
 * The one allow-list for event description HTML (docs/architecture.md, 'Frontend'): what the editor produces and nothing
 * else. The browser passes it to DOMPurify before render; the API passes it to sanitize-html before
 * save, so a description is clean in the database and again on screen. Links keep only http(s),
 * mailto and tel addresses; no attribute can carry script (no on*, no style, no src).
 */

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
] as const;

/** Attributes allowed, all on links only. */
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;

export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * DOMPurify's ALLOWED_URI_REGEXP for the same schemes: one of them, or no scheme at all (a relative
 * link), as sanitize-html lets through.
 */
export const RICH_TEXT_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
