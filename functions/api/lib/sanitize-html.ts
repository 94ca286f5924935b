/**
 * Description HTML cleaned before it is stored, with the allow-list the browser gives DOMPurify
 * (src/domain/rich-text.ts). sanitize-html parses with htmlparser2 (no DOM), so the same code runs
 * on Deno (Edge Function) and Node (local host): script/style contents are dropped, every on*
 * handler and style attribute goes, and links keep only http(s), mailto and tel addresses.
 */
// @ts-types="npm:@types/sanitize-html@2.16.2"
import sanitize from 'sanitize-html';
import {
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
} from '../../../src/domain/rich-text.ts';

const options: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // links that open a new tab never hand the app's window to the page they open
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** The description as stored: sanitised, or null when nothing is left. */
export function sanitizeDescription(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitize(html, options).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}
