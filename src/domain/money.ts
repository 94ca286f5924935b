/** Money is integer centavos; shown as BRL (pt-BR), or GRÁTIS when 0 (product-spec.md §4, §9). Pure. */
import { eventMessages } from './messages.ts';

/** Whole reais with pt-BR thousands dots: 1234567 → '1.234.567'. */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * 'R$\u00a01.234,56', '-R$\u00a01,00': what Intl.NumberFormat('pt-BR', BRL) writes (money.test.ts
 * compares them), written out because building that formatter loads ICU's data, ≈ 80 ms of a slow
 * phone's CPU ahead of a ticket opened offline (docs/performance.md).
 */
function brl(centavos: number): string {
  const abs = Math.abs(Math.round(centavos));
  const sign = centavos < 0 && abs > 0 ? '-' : '';
  return `${sign}R$\u00a0${groupThousands(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/** 'GRÁTIS' for 0, else e.g. 'R$\u00a01.234,56' (a no-break space after R$, as Intl writes it). */
export function formatPrice(centavos: number): string {
  if (centavos === 0) return eventMessages.free;
  return brl(centavos);
}

/** An amount of money as such (totals, refunds): 'R$\u00a00,00' for 0, never 'GRÁTIS'. */
export function formatMoney(centavos: number): string {
  return brl(centavos);
}

/** At most R$ 9.999.999,99 typed (9 digits). */
const MONEY_INPUT_DIGITS = 9;

/**
 * A money field as people type it on a phone: digits fill the centavos from the right, shown in
 * pt-BR ('2500' → '25,00', '123456' → '1.234,56'); anything but digits is ignored, '' stays ''.
 */
export function maskMoneyInput(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MONEY_INPUT_DIGITS);
  if (!digits && !/\d/.test(text)) return '';
  const cents = Number(digits || '0');
  const whole = groupThousands(Math.floor(cents / 100));
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}
