/**
 * The few HTML pages the local host renders itself (mailbox, Google chooser, payment fake), written
 * with `hono/html`: every value put in a template is escaped, markup nests as `html` values.
 */
import { html, raw } from 'hono/html';

export { html };
export type Html = ReturnType<typeof html>;

const STYLE = `
  :root { color-scheme: light; --brand: #5b3cc4; --ink: #1d1b24; --muted: #6b6878; --line: #e6e3ee; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
         color: var(--ink); background: #f6f5fa; }
  main { max-width: 720px; margin: 0 auto; padding: 32px 16px; }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  p.sub { color: var(--muted); margin: 0 0 24px; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; margin: 0 0 12px; }
  button, .btn { font: inherit; cursor: pointer; border: 1px solid var(--line); background: #fff; color: var(--ink);
                 border-radius: 10px; padding: 10px 14px; text-decoration: none; display: inline-block; }
  button.primary { background: var(--brand); border-color: var(--brand); color: #fff; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #b9a8f0; outline-offset: 2px; }
  label { display: block; font-weight: 600; margin: 8px 0 4px; }
  input { font: inherit; width: 100%; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; }
  a { color: var(--brand); }
  .muted { color: var(--muted); font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 8px 0 0; }
`;

export function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** These pages have no script at all; their only style is the inline block above. */
export const HOST_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: http: https:; base-uri 'none'; frame-ancestors 'none'";

export async function htmlResponse(body: Html, status = 200): Promise<Response> {
  return new Response(String(await body), {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': HOST_PAGE_CSP,
    },
  });
}
