/**
 * How a person's name is shown, one rule for the API (profiles created from the auth user) and the
 * browser (header, profile, greetings). Pure.
 */

/** The longest name kept (what a profile stores and a screen shows). */
export const NAME_MAX_LENGTH = 120;

/** Shown when a user has neither a name nor an e-mail. */
export const UNNAMED = 'Membro';

/** Auth user metadata keys that carry a name, in order: our signup form's, then Google's. */
export const NAME_METADATA_KEYS = ['display_name', 'full_name', 'name'] as const;

/** A name as shown: trimmed, runs of whitespace made one space, at most NAME_MAX_LENGTH characters. */
export function normalizeName(value: string): string {
  return [...value.trim().replace(/\s+/g, ' ')].slice(0, NAME_MAX_LENGTH).join('').trim();
}

/** The person's name from auth user metadata (display_name, else full_name, else name), or null. */
export function metadataName(metadata: Record<string, unknown> | null | undefined): string | null {
  for (const key of NAME_METADATA_KEYS) {
    const value = metadata?.[key];
    if (typeof value === 'string' && value.trim()) return normalizeName(value);
  }
  return null;
}

/**
 * The name to show for a user: the metadata name, else the e-mail's local part, else 'Membro'.
 * Never empty.
 */
export function displayName(
  metadata: Record<string, unknown> | null | undefined,
  email: string | null | undefined,
): string {
  const name = metadataName(metadata);
  if (name) return name;
  const local = (email ?? '').split('@')[0]?.trim();
  return local ? normalizeName(local) : UNNAMED;
}

/** The first word of a name, to greet people ('' for an e-mail address or an empty name). */
export function firstName(name: string): string {
  if (name.includes('@')) return '';
  return normalizeName(name).split(' ')[0] ?? '';
}

/**
 * Up to two initials for a generated avatar: the first and last word of the name ("Maria da Silva"
 * → "MS"; an e-mail splits on its punctuation); '?' when there is nothing to take.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toLocaleUpperCase('pt-BR');
}
