/**
 * Date display in São Paulo time (UTC−3 all year, `SAO_PAULO_OFFSET_MS`) with pt-BR names, plus
 * the month keys (`YYYY-MM`, São Paulo time) the month lists use. Pure: no DOM, no React.
 *
 * Written out rather than with Intl.DateTimeFormat: building a formatter loads ICU's locale and
 * time-zone data, ≈ 25 ms of a phone's main thread on the first load, before the first card could
 * paint. dates.test.ts checks every text against Intl('pt-BR', America/Sao_Paulo) over two years.
 */
import { addMonths as addMonthsToKey, monthOf, SAO_PAULO_OFFSET_MS } from './events.ts';

/**
 * Plain string order, for texts whose order it is: the API's ISO-8601 timestamps (one format), month
 * keys, ids as tie-breakers. Not localeCompare, which builds an ICU collator on its first call
 * (≈ 20 ms on a phone's first load).
 */
export const compareIso = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

type DateInput = string | number | Date;

const WEEKDAYS = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of a moment in São Paulo. */
function local(value: DateInput) {
  const d = new Date(new Date(value).getTime() + SAO_PAULO_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(), // 0-11
    day: d.getUTCDate(),
    weekday: d.getUTCDay(), // 0 = domingo
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}

/** '22/11/2026' */
export function formatDate(value: DateInput): string {
  const p = local(value);
  return `${two(p.day)}/${two(p.month + 1)}/${p.year}`;
}

/** '22/11/2026 19:30' */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(value)} ${local(value).time}`;
}

/** '19:30' */
export function formatTime(value: DateInput): string {
  return local(value).time;
}

/** 'sábado, 28 de novembro às 19:30' (the year is added when it is not the year of `now`). */
export function formatLongDateTime(value: DateInput, now: Date = new Date()): string {
  const p = local(value);
  const year = p.year === local(now).year ? '' : ` de ${p.year}`;
  return `${WEEKDAYS[p.weekday]}, ${p.day} de ${MONTHS[p.month]}${year} às ${p.time}`;
}

/** Card date: 'SÁB' + '28' + 'NOV' pieces for a calendar badge (pt-BR's short names are the first three letters). */
export function dateBadge(value: DateInput): { weekday: string; day: string; month: string } {
  const p = local(value);
  const short = (name: string) => name.slice(0, 3).toUpperCase();
  return { weekday: short(WEEKDAYS[p.weekday]!), day: two(p.day), month: short(MONTHS[p.month]!) };
}

/** `YYYY-MM` of a moment in São Paulo time. */
export function monthKey(value: DateInput): string {
  return monthOf(new Date(value));
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
  const name = MONTHS[m - 1]!;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${y}`;
}
