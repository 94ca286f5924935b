import { useState } from 'react';
import { initialsOf } from '../domain/people.ts';
import './ui.css';

/** A stable hue from the name, so each person keeps the same colour everywhere. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

export interface AvatarProps {
  name: string;
  /** A picture URL (e.g. the Google profile photo); falls back to the generated avatar if it fails. */
  url?: string | null | undefined;
  size?: number;
  /** Text for screen readers; empty (decorative) by default. */
  alt?: string;
}

/**
 * A round profile picture. Without a picture (or when it fails to load, e.g. offline) it draws the
 * initials on a colour derived from the name, as inline SVG: no external avatar service.
 */
export function Avatar({ name, url, size = 40, alt = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        className="avatar"
        src={url}
        alt={alt}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  const hue = hueOf(name);
  return (
    <svg
      className="avatar"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {/* lightness 34 % keeps white initials above 4.5:1 contrast for every hue */}
      <circle cx="20" cy="20" r="20" fill={`hsl(${hue} 55% 34%)`} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize="16"
        fontWeight="600"
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
