/** The event description: HTML from the editor, sanitised with DOMPurify before render. */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function Description({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className="event-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
