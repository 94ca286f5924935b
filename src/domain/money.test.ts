import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it('shows GRÁTIS for 0', () => {
    expect(formatPrice(0)).toBe('GRÁTIS');
  });

  it('formats centavos as BRL with a no-break space after R$', () => {
    expect(formatPrice(5000)).toBe('R$\u00a050,00');
    expect(formatPrice(1)).toBe('R$\u00a00,01');
    expect(formatPrice(123456)).toBe('R$\u00a01.234,56');
    expect(formatPrice(100_000_000)).toBe('R$\u00a01.000.000,00');
    // Not a plain space: copying the text from the page keeps U+00A0.
    expect(formatPrice(5000)).not.toBe('R$ 50,00');
    expect(formatPrice(5000).charCodeAt(2)).toBe(0xa0);
  });
});
