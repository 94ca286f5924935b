/**
 * Date display in America/Sao_Paulo with Intl.DateTimeFormat('pt-BR'), plus the month keys
 * (`YYYY-MM`, São Paulo time) the month lists use. Pure: no DOM, no React.
 *
 * Texts are composed from `formatToParts` so the output does not depend on the ICU version's
 * punctuation (e.g. the comma some versions put between date and time).
 */
import { addMonths as addMonthsToKey, monthOf } from './events.ts';

export const TIME_ZONE = 'America/Sao_Paulo';
const LOCALE = 'pt-BR';

type DateInput = string | number | Date;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
    formatters.set(key, f);
  }
  return f;
}

function parts(key: string, options: Intl.DateTimeFormatOptions, value: DateInput) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatter(key, options).formatToParts(toDate(value))) out[p.type] = p.value;
  return out;
}

const numeric: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** '22/11/2026' */
export function formatDate(value: DateInput): string {
  const p = parts('numeric', numeric, value);
  return `${p.day}/${p.month}/${p.year}`;
}

/** '22/11/2026 19:30' */
export function formatDateTime(value: DateInput): string {
  const p = parts('numeric', numeric, value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** '19:30' */
export function formatTime(value: DateInput): string {
  const p = parts('numeric', numeric, value);
  return `${p.hour}:${p.minute}`;
}

const long: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 'sábado, 28 de novembro às 19:30' (the year is added when it is not the year of `now`). */
export function formatLongDateTime(value: DateInput, now: Date = new Date()): string {
  const p = parts('long', long, value);
  const year = p.year === parts('long', long, now).year ? '' : ` de ${p.year}`;
  return `${p.weekday}, ${p.day} de ${p.month}${year} às ${p.hour}:${p.minute}`;
}

/** Card date: 'SÁB' + '28' + 'NOV' pieces for a calendar badge. */
export function dateBadge(value: DateInput): { weekday: string; day: string; month: string } {
  const p = parts('badge', { weekday: 'short', day: '2-digit', month: 'short' }, value);
  const clean = (s = '') => s.replace('.', '').toUpperCase();
  return { weekday: clean(p.weekday), day: p.day ?? '', month: clean(p.month) };
}

/** `YYYY-MM` of a moment in São Paulo time. */
export function monthKey(value: DateInput): string {
  return monthOf(toDate(value));
}

/** The month key `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  return addMonthsToKey(month, delta);
}

/** Months from `from` to `to` inclusive, oldest first (empty when `to` is before `from`). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to && out.length < 240; m = shiftMonth(m, 1)) out.push(m);
  return out;
}

export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'Novembro de 2026' for '2026-11'. */
export function formatMonthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // Noon UTC on the 15th is the same month in any time zone.
  const text = formatter('month', { month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, 15, 12)),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}
