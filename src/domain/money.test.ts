import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from './money.ts';

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

describe('formatMoney', () => {
  it('writes what Intl.NumberFormat(pt-BR, BRL) writes, without building it', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 999_999_999];
    for (let c = 0; c < 2_000_000; c += 7_919) amounts.push(c);
    for (const c of amounts) {
      expect(formatMoney(c)).toBe(intl.format(c / 100));
      if (c) expect(formatMoney(-c)).toBe(intl.format(-c / 100)); // Intl writes -0 as '-R$ 0,00'
    }
  });
});

describe('maskMoneyInput', () => {
  it('fills the centavos from the right, in pt-BR', async () => {
    const { maskMoneyInput } = await import('./money.ts');
    expect(maskMoneyInput('2500')).toBe('25,00');
    expect(maskMoneyInput('5')).toBe('0,05');
    expect(maskMoneyInput('123456')).toBe('1.234,56');
    expect(maskMoneyInput('25,00')).toBe('25,00');
    expect(maskMoneyInput('25,001')).toBe('250,01');
    expect(maskMoneyInput('0')).toBe('0,00');
    expect(maskMoneyInput('')).toBe('');
    expect(maskMoneyInput('abc')).toBe('');
    expect(maskMoneyInput('99999999999')).toBe('9.999.999,99');
  });
});
