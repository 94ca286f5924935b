/**
 * Colour rules for text on coloured backgrounds (WCAG 2.1 contrast): tag chips and pills pick their
 * text colour by contrast ratio, and darken the background a little when neither text colour reaches
 * the AA minimum for normal text (4.5:1).
 */

/** WCAG AA minimum for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** The dark text colour of the light theme (--color-text). */
export const DARK_TEXT = '#1d1830';
export const LIGHT_TEXT = '#ffffff';
/** The colour of a tag without one (the database default). */
export const DEFAULT_TAG_COLOR = '#3080d4';

type Rgb = [number, number, number];

/** `#rgb` / `#rrggbb` (with or without `#`) → [r, g, b] 0–255, or null when malformed. */
export function parseHex(hex: string): Rgb | null {
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) return null;
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.1). */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours (1–21). Malformed colours count as black. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The text colour (dark or white) with the higher contrast on `background`. */
export function readableTextColor(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/**
 * Background and text colours of a chip of colour `color`: the stored colour with the more readable
 * text when that reaches 4.5:1; otherwise the colour darkened in small steps until white text does
 * (the hue stays recognisable). A malformed colour falls back to the default tag colour.
 */
export function chipColors(color: string): { background: string; color: string } {
  const rgb = parseHex(color) ?? (parseHex(DEFAULT_TAG_COLOR) as Rgb);
  let background = toHex(rgb);
  const text = readableTextColor(background);
  if (contrastRatio(background, text) >= MIN_TEXT_CONTRAST) return { background, color: text };
  for (let k = 0.96; k > 0; k -= 0.04) {
    background = toHex(rgb.map((c) => c * k) as Rgb);
    if (contrastRatio(background, LIGHT_TEXT) >= MIN_TEXT_CONTRAST) break;
  }
  return { background, color: LIGHT_TEXT };
}
