import { useRouter, useRouterState } from '@tanstack/react-router';
import { type MouseEvent, useId } from 'react';
import { useMe } from '../../data/use-me.ts';
import { menuMessages, SUPPORT_EMAIL } from '../../domain/messages.ts';
import type { Permission } from '../../domain/types.ts';
import { useSessionStore } from '../../lib/session.ts';
import { signOutHere } from '../../lib/session-end.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { CloseIcon } from './icons.tsx';
import { isCurrent, menuItems } from './menu-items.ts';

const NO_PERMISSIONS: readonly Permission[] = [];

/** Spec §9: the menu closes, then navigates 150 ms later. */
export const MENU_NAVIGATION_DELAY_MS = 150;

/** Signs out (locally too when the server cannot be reached, e.g. offline). */
export const signOut = (): Promise<void> => signOutHere();

export function Menu({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const signedIn = useSessionStore((s) => Boolean(s.session));
  const permissions = useMe().me?.permissions ?? NO_PERMISSIONS;
  const items = menuItems(signedIn, permissions);

  function follow(e: MouseEvent<HTMLAnchorElement>, href: string) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onClose();
    setTimeout(() => void router.navigate({ href }), MENU_NAVIGATION_DELAY_MS);
  }

  async function logout() {
    onClose();
    await signOut();
    await router.navigate({ to: '/' });
  }

  return (
    <Sheet open={open} onClose={onClose} labelledBy={titleId} side="left" className="menu">
      <div className="menu-head">
        <h2 id={titleId} className="menu-title">
          {menuMessages.menuTitle}
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={menuMessages.closeMenu}>
          <CloseIcon />
        </button>
      </div>
      <nav aria-labelledby={titleId}>
        <ul className="menu-list">
          {items.map((item) => (
            <li key={item.href}>
              {/* plain links: several targets are built by other features and may not exist yet */}
              <a
                href={item.href}
                className="menu-item"
                aria-current={isCurrent(item.href, pathname) ? 'page' : undefined}
                onClick={(e) => follow(e, item.href)}
              >
                {item.label}
              </a>
            </li>
          ))}
          <li>
            {signedIn ? (
              <button type="button" className="menu-item" onClick={() => void logout()}>
                {menuMessages.logout}
              </button>
            ) : (
              <a href="/auth/login" className="menu-item" onClick={(e) => follow(e, '/auth/login')}>
                {menuMessages.login}
              </a>
            )}
          </li>
        </ul>
      </nav>
      <p className="menu-help">
        <a href={`mailto:${SUPPORT_EMAIL}`}>{menuMessages.help(SUPPORT_EMAIL)}</a>{' '}
        <a href="/privacidade" onClick={(e) => follow(e, '/privacidade')}>
          {menuMessages.privacy}
        </a>
      </p>
    </Sheet>
  );
}
