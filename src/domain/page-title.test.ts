import { describe, expect, it } from 'vitest';
import { pageNames, pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it('puts the page before the app name', () => {
    expect(pageTitle(pageNames.upcoming)).toBe('Próximos Eventos · Congrega');
    expect(pageTitle('Conferência Jovem 2026')).toBe('Conferência Jovem 2026 · Congrega');
  });

  it('is the app name alone without a page name', () => {
    expect(pageTitle()).toBe('Congrega');
    expect(pageTitle('  ')).toBe('Congrega');
    expect(pageTitle(null)).toBe('Congrega');
  });

  it('collapses whitespace of stored titles', () => {
    expect(pageTitle(' Vigília \n de  Oração ')).toBe('Vigília de Oração · Congrega');
  });
});
