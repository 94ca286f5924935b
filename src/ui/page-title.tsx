import { pageTitle } from '../domain/page-title.ts';

/** The document's <title> for the page that renders it (React hoists it into <head>). */
export function PageTitle({ name }: { name?: string | null }) {
  return <title>{pageTitle(name)}</title>;
}
