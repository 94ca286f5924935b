/** Small SVG artwork for the demo: event banners (gradient + title) and speaker avatars (initials). */

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Splits a title into at most 3 lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export interface BannerOptions {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  accent?: string;
}

/** A 1200×630 event banner. */
export function eventBanner({ title, subtitle, from, to, accent = '#ffffff' }: BannerOptions): string {
  const lines = wrap(title, 22);
  const firstY = 315 - ((lines.length - 1) * 78) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${firstY + i * 78}" font-size="68" font-weight="800" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-label="${escapeXml(title)}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r" cx="0.85" cy="0.15" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="630" fill="url(#g)"/>
<rect width="1200" height="630" fill="url(#r)"/>
<circle cx="1040" cy="520" r="220" fill="#fff" fill-opacity="0.07"/>
<circle cx="1120" cy="80" r="120" fill="#fff" fill-opacity="0.08"/>
<rect x="80" y="96" width="96" height="8" rx="4" fill="${accent}"/>
<g font-family="Inter, 'Segoe UI', Roboto, Arial, sans-serif">
${text}
<text x="80" y="${firstY + lines.length * 78 + 18}" font-size="32" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text>
<text x="80" y="570" font-size="26" font-weight="700" fill="#fff" fill-opacity="0.7" letter-spacing="6">CONGREGA</text>
</g>
</svg>
`;
}

/** A 256×256 round avatar with initials. */
export function avatar(name: string, from: string, to: string): string {
  const initials = name
    .replace(/^(Pr\.|Pra\.|Pb\.|Ev\.|Miss\.)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="128" cy="128" r="128" fill="url(#a)"/>
<text x="128" y="150" text-anchor="middle" font-family="Inter, 'Segoe UI', Roboto, Arial, sans-serif" font-size="88" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>
`;
}
