import { describe, expect, it } from 'vitest';
import { withSavedPage } from './saved-page.ts';

// the built index.html's shape: the entry in <head>, #root holding the header index.html paints
const SHELL = `<!doctype html>
<html lang="pt-BR">
  <head><title>Congrega</title><script type="module" src="/assets/index.js"></script></head>
  <body>
    <div id="root"><header class="app-header"><div class="app-header-end"><a href="/auth/login">Entrar</a></div></header><main class="main-content"></main></div>
  </body>
</html>`;

describe('withSavedPage', () => {
  it('puts the saved copy in #root in place of the guest header, inert, and keeps the rest', () => {
    const html = withSavedPage(SHELL, '<main><strong data-testid="manual-code">482-913</strong></main>');
    expect(html).toContain(
      '<div id="root"><div class="saved-page" inert><main><strong data-testid="manual-code">482-913</strong></main></div></div>\n  </body>',
    );
    expect(html).not.toContain('Entrar');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('takes a copy holding `$` patterns as text, not as replacement patterns', () => {
    const html = withSavedPage(SHELL, "<p>R$ 45,00 $& $' $1</p>");
    expect(html).toContain("<p>R$ 45,00 $& $' $1</p>");
  });

  it('leaves a page with no #root as it is', () => {
    expect(withSavedPage('<html><body></body></html>', '<p>x</p>')).toBe('<html><body></body></html>');
  });
});
