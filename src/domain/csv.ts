/**
 * CSV that opens as columns in Excel set to Portuguese (Brazil): UTF-8 with a byte-order mark (so
 * accents survive), `;` between fields (pt-BR Excel reads `,` as the decimal comma), CRLF between
 * rows, every field that needs it in double quotes (inner quotes doubled). Text that Excel would run
 * as a formula (starting with = + - @ or a tab) gets a leading apostrophe. Pure.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_MIME = 'text/csv;charset=utf-8';

export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/;
const FORMULA = /^[=+\-@\t\r]/;

/** One field as written in the file. Numbers are written with a decimal comma. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the header, then each row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(row.map(csvField).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Centavos as pt-BR Excel reads a number: '1234,50' (no currency sign, no thousands dot). */
export function csvMoney(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A file name part from any text: lower case, no accents, words joined by '-'. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'arquivo'
  );
}
