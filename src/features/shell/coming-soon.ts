import { menuMessages } from '../../domain/messages.ts';

/**
 * Screens of spec §2 that are planned but not built yet, by path. Until a screen's route exists the
 * not-found handler shows 'Em breve' with its name instead of a 404, so menu items and links to it do
 * not look broken. A real route always wins (it matches before not-found), so an entry left here
 * after its screen lands is harmless; remove it then.
 */
const PLANNED: [RegExp, string][] = [
  [/^\/admin\/users\/?$/, menuMessages.searchUsers],
  [/^\/admin\/single-page-signup\/?$/, menuMessages.thirdPartySignup],
  [/^\/admin\/pwd-reset\/?$/, menuMessages.passwordReset],
];

/** The name of the planned screen at `pathname`, or null when nothing is planned there (a real 404). */
export function plannedScreen(pathname: string): string | null {
  for (const [pattern, name] of PLANNED) if (pattern.test(pathname)) return name;
  return null;
}
