/** The event description: HTML from the editor, sanitised with DOMPurify before render. */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URL } from '../../../domain/rich-text.ts';

// the allow-list the API applies before save (src/domain/rich-text.ts)
const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_TEXT_URL,
};

export function Description({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, CONFIG), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className="event-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
