import { describe, expect, it } from 'vitest';
import {
  dateBadge,
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatMonthTitle,
  formatTime,
  monthKey,
  monthsBetween,
  shiftMonth,
} from './dates.ts';

// 22:30 UTC = 19:30 in São Paulo (UTC−3).
const saturday = '2026-11-28T22:30:00.000Z';

describe('dates in America/Sao_Paulo', () => {
  it('formats date and time numerically', () => {
    expect(formatDateTime(saturday)).toBe('28/11/2026 19:30');
    expect(formatDate(saturday)).toBe('28/11/2026');
    expect(formatTime(saturday)).toBe('19:30');
  });

  it('uses São Paulo time, not UTC, across midnight', () => {
    // 01:15 UTC on the 1st is still 22:15 on the previous day in São Paulo.
    expect(formatDateTime('2026-12-01T01:15:00Z')).toBe('30/11/2026 22:15');
    expect(formatDateTime(new Date('2026-01-01T02:59:00Z'))).toBe('31/12/2025 23:59');
    expect(formatDateTime('2026-01-01T03:00:00Z')).toBe('01/01/2026 00:00');
  });

  it('uses 24-hour clock with two digits', () => {
    expect(formatDateTime('2026-03-05T12:05:00Z')).toBe('05/03/2026 09:05');
    expect(formatTime('2026-03-05T03:00:00Z')).toBe('00:00');
  });

  it('writes the long header form, with the year only when not this year', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(formatLongDateTime(saturday, now)).toBe('sábado, 28 de novembro às 19:30');
    expect(formatLongDateTime('2027-01-03T13:00:00Z', now)).toBe('domingo, 3 de janeiro de 2027 às 10:00');
  });

  it('gives calendar badge pieces', () => {
    expect(dateBadge(saturday)).toEqual({ weekday: 'SÁB', day: '28', month: 'NOV' });
  });

  it('computes month keys in São Paulo time', () => {
    expect(monthKey('2026-12-01T02:00:00Z')).toBe('2026-11');
    expect(monthKey('2026-12-01T03:00:00Z')).toBe('2026-12');
    expect(monthKey(new Date('2027-01-01T02:59:59Z'))).toBe('2026-12');
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
  });

  it('writes what Intl writes for pt-BR in America/Sao_Paulo, every few hours over two years', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => {
      const f = new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        hourCycle: 'h23',
        ...options,
      });
      return (d: Date) => Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
    };
    const numeric = intl({
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const long = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const short = intl({ weekday: 'short', month: 'short' });
    const clean = (s = '') => s.replace('.', '').toUpperCase();
    const now = new Date('2026-06-01T12:00:00Z');
    for (
      let t = Date.UTC(2026, 0, 1, 0, 7);
      t < Date.UTC(2028, 0, 1);
      t += 7 * 60 * 60 * 1000 + 13 * 60 * 1000
    ) {
      const d = new Date(t);
      const n = numeric(d);
      const l = long(d);
      const s = short(d);
      expect(formatDateTime(d)).toBe(`${n.day}/${n.month}/${n.year} ${n.hour}:${n.minute}`);
      const year = l.year === '2026' ? '' : ` de ${l.year}`;
      expect(formatLongDateTime(d, now)).toBe(
        `${l.weekday}, ${l.day} de ${l.month}${year} às ${n.hour}:${n.minute}`,
      );
      expect(dateBadge(d)).toEqual({ weekday: clean(s.weekday), day: n.day, month: clean(s.month) });
    }
  });

  it('titles a month', () => {
    expect(formatMonthTitle('2026-11')).toBe('Novembro de 2026');
    expect(formatMonthTitle('2027-03')).toBe('Março de 2027');
  });
});
