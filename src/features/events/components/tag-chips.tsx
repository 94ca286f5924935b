/** Tag chips (colours by contrast ratio, domain/colors) and the venue name with its pin. */
import { chipColors } from '../../../domain/colors.ts';
import type { Tag } from '../../../domain/types.ts';

export function TagChips({ tags }: { tags: Tag[] }) {
  if (!tags.length) return <span />;
  return (
    <ul className="tag-chips">
      {tags.map((t) => (
        <li key={t.id} className="tag-chip" style={chipColors(t.color)}>
          {t.name}
        </li>
      ))}
    </ul>
  );
}

/** The venue name with a pin icon. */
export function VenueName({ name }: { name: string }) {
  return (
    <span className="event-card-venue">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        />
      </svg>
      {name}
    </span>
  );
}
