import { describe, expect, it } from 'vitest';
import {
  chipColors,
  contrastRatio,
  DARK_TEXT,
  DEFAULT_TAG_COLOR,
  LIGHT_TEXT,
  MIN_TEXT_CONTRAST,
  parseHex,
  readableTextColor,
} from './colors.ts';

describe('contrastRatio', () => {
  it('follows WCAG 2.1', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // the pill colour the audit flagged: white on #d9466f is 4.15:1
    expect(contrastRatio('#ffffff', '#d9466f')).toBeCloseTo(4.15, 2);
  });

  it('parses short and long hex, rejects the rest', () => {
    expect(parseHex('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHex('3080D4')).toEqual([0x30, 0x80, 0xd4]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });
});

describe('readableTextColor', () => {
  it('picks the text colour with the higher contrast', () => {
    expect(readableTextColor('#ffcc00')).toBe(DARK_TEXT);
    expect(readableTextColor('#4a2c82')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#000000')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#ffffff')).toBe(DARK_TEXT);
  });
});

describe('chipColors', () => {
  it('keeps a colour that already reads well', () => {
    expect(chipColors('#ffcc00')).toEqual({ background: '#ffcc00', color: DARK_TEXT });
    expect(chipColors('#9c27b0')).toEqual({ background: '#9c27b0', color: LIGHT_TEXT });
  });

  it('darkens the default tag colour until white text reaches 4.5:1', () => {
    expect(contrastRatio(DEFAULT_TAG_COLOR, LIGHT_TEXT)).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(DEFAULT_TAG_COLOR, DARK_TEXT)).toBeLessThan(MIN_TEXT_CONTRAST);
    const chip = chipColors(DEFAULT_TAG_COLOR);
    expect(chip.color).toBe(LIGHT_TEXT);
    expect(chip.background).not.toBe(DEFAULT_TAG_COLOR);
    expect(contrastRatio(chip.background, chip.color)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('always reaches 4.5:1, for any colour', () => {
    for (let i = 0; i < 4096; i++) {
      const hex = `#${i.toString(16).padStart(3, '0')}`;
      const chip = chipColors(hex);
      expect(contrastRatio(chip.background, chip.color), hex).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('falls back to the default colour for a malformed one', () => {
    expect(chipColors('blue')).toEqual(chipColors(DEFAULT_TAG_COLOR));
  });
});
