/** The round × button that closes a sheet. */
export function CloseButton({ onClick, label }: { onClick(): void; label: string }) {
  return (
    <button type="button" className="icon-button sheet-close" onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
    </button>
  );
}

/** The overlay's top bar: sticky, opaque, its own height, so the close button never covers content. */
export function CloseBar({ onClick, label }: { onClick(): void; label: string }) {
  return (
    <div className="sheet-bar">
      <CloseButton onClick={onClick} label={label} />
    </div>
  );
}
