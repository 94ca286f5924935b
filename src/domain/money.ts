/** Money is integer centavos; shown as BRL (pt-BR), or GRÁTIS when 0 (product-spec.md §4, §9). Pure. */
import { eventMessages } from './messages.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 'GRÁTIS' for 0, else e.g. 'R$\u00a01.234,56' (Intl puts a no-break space after R$). */
export function formatPrice(centavos: number): string {
  if (centavos === 0) return eventMessages.free;
  return brl.format(centavos / 100);
}

/** An amount of money as such (totals, refunds): 'R$\u00a00,00' for 0, never 'GRÁTIS'. */
export function formatMoney(centavos: number): string {
  return brl.format(centavos / 100);
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
  const whole = Math.floor(cents / 100).toLocaleString('pt-BR');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}
