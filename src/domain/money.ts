/** Money is integer centavos; shown as BRL (pt-BR), or GRÁTIS when 0 (spec §4, §9). Pure. */
import { eventMessages } from './messages.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 'GRÁTIS' for 0, else e.g. 'R$\u00a01.234,56' (Intl puts a no-break space after R$). */
export function formatPrice(centavos: number): string {
  if (centavos === 0) return eventMessages.free;
  return brl.format(centavos / 100);
}
