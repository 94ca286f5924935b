import { describe, expect, it } from 'vitest';
import {
  addMonths,
  eventEndsAt,
  isCheckinOpen,
  isHappeningNow,
  isUpcoming,
  monthOf,
  monthRange,
  upcomingWindowEnd,
} from './events.ts';

const now = new Date('2026-03-10T20:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const days = (d: number) => hours(d * 24);

describe('isHappeningNow', () => {
  it('is true while started and within 6 h when there is no check-in end', () => {
    expect(isHappeningNow({ starts_at: hours(-1) }, now)).toBe(true);
    expect(isHappeningNow({ starts_at: hours(-5.9) }, now)).toBe(true);
    expect(isHappeningNow({ starts_at: hours(-6) }, now)).toBe(false);
  });

  it('is false before the start without a check-in window', () => {
    expect(isHappeningNow({ starts_at: hours(1) }, now)).toBe(false);
  });

  it('is true when the check-in window is open before the start', () => {
    const e = { starts_at: hours(1), checkin_starts_at: hours(-1), checkin_ends_at: hours(4) };
    expect(isCheckinOpen(e, now)).toBe(true);
    expect(isHappeningNow(e, now)).toBe(true);
  });

  it('uses the check-in end as the end of the event', () => {
    const e = { starts_at: hours(-10), checkin_starts_at: hours(-11), checkin_ends_at: hours(1) };
    expect(eventEndsAt(e).toISOString()).toBe(hours(1));
    expect(isHappeningNow(e, now)).toBe(true);
    expect(isHappeningNow({ ...e, checkin_ends_at: hours(-1) }, now)).toBe(false);
  });

  it('accepts Date values', () => {
    expect(isHappeningNow({ starts_at: new Date(hours(-1)) }, now)).toBe(true);
  });
});

describe('isUpcoming', () => {
  it('includes events starting within the next month', () => {
    expect(isUpcoming({ starts_at: days(1) }, now)).toBe(true);
    expect(isUpcoming({ starts_at: days(29) }, now)).toBe(true);
    expect(isUpcoming({ starts_at: days(40) }, now)).toBe(false);
  });

  it('excludes past events unless happening now', () => {
    expect(isUpcoming({ starts_at: days(-2) }, now)).toBe(false);
    expect(isUpcoming({ starts_at: hours(-2) }, now)).toBe(true);
  });

  it('includes forced events however far', () => {
    expect(isUpcoming({ starts_at: days(200), force_upcoming: true }, now)).toBe(true);
  });

  it('includes events whose check-in window is open', () => {
    expect(isUpcoming({ starts_at: days(40), checkin_starts_at: hours(-1) }, now)).toBe(true);
  });
});

describe('months', () => {
  it('computes the upcoming window as one calendar month', () => {
    expect(upcomingWindowEnd(new Date('2026-01-31T12:00:00Z')).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(upcomingWindowEnd(now).toISOString()).toBe('2026-04-10T20:00:00.000Z');
  });

  it('reads the month in America/Sao_Paulo', () => {
    expect(monthOf(new Date('2026-04-01T02:59:00Z'))).toBe('2026-03');
    expect(monthOf(new Date('2026-04-01T03:00:00Z'))).toBe('2026-04');
  });

  it('adds months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });

  it('gives the month range at UTC−3', () => {
    const r = monthRange('2026-02');
    expect(r.start.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });
});
