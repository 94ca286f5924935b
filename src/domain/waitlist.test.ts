import { describe, expect, it } from 'vitest';
import { offerHoldMs } from './waitlist.ts';

const HOUR = 3_600_000;
const now = new Date('2026-05-01T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * HOUR);

describe('offerHoldMs (how long a returned place is held for the first person waiting)', () => {
  it("the tier's hours when the event is far", () => {
    expect(offerHoldMs(24, now, inHours(24 * 10))).toBe(24 * HOUR);
    expect(offerHoldMs(6, now, inHours(24 * 10))).toBe(6 * HOUR);
  });
  it('at most a quarter of the time left close to the deadline, never past it', () => {
    expect(offerHoldMs(24, now, inHours(48))).toBe(12 * HOUR);
    expect(offerHoldMs(24, now, inHours(8))).toBe(2 * HOUR);
    expect(offerHoldMs(24, now, inHours(1))).toBe(HOUR / 4);
  });
  it('no offer in the last hour before the deadline, nor after it', () => {
    expect(offerHoldMs(24, now, inHours(0.99))).toBeNull();
    expect(offerHoldMs(24, now, inHours(-1))).toBeNull();
  });
});
