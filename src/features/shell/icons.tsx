import type { ReactNode } from 'react';

/** Small inline icons (decorative: the buttons and links carry the accessible names). */

function StrokeIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

export function MenuIcon() {
  return (
    <StrokeIcon size={24}>
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export function CloseIcon() {
  return (
    <StrokeIcon size={24}>
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export function LoginIcon() {
  return (
    <StrokeIcon size={26}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export function OfflineIcon() {
  return (
    <StrokeIcon size={16}>
      <path
        d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M3 3l18 18"
        strokeLinecap="round"
      />
      <circle cx="12" cy="19" r="1" fill="currentColor" />
    </StrokeIcon>
  );
}
