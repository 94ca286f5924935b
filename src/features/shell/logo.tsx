import { useId } from 'react';

/**
 * The app's mark and name. The mark is drawn inline, not `<img src="/icon.svg">`: an SVG image is a
 * document of its own that the phone parses and paints on the main thread during the first load.
 */
export function Logo() {
  const gradient = useId(); // one per copy: the header's and the menu's marks are both in the page
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 512 512" aria-hidden="true">
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d3fc0" />
          <stop offset="1" stopColor="#e0527a" />
        </linearGradient>
        <rect width="512" height="512" rx="112" fill={`url(#${gradient})`} />
        <path d="M256 110v292M170 196h172" stroke="#fff" strokeWidth="44" strokeLinecap="round" />
        <circle cx="256" cy="256" r="180" fill="none" stroke="#fff" strokeOpacity=".35" strokeWidth="16" />
      </svg>
      <span className="logo-text">Congrega</span>
    </span>
  );
}
