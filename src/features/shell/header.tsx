import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { menuMessages } from '../../domain/messages.ts';
import { avatarUrlOf, displayNameOf } from '../../lib/auth-user.ts';
import { useOnlineStatus, useSessionStore } from '../../lib/session.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { LoginIcon, OfflineIcon } from './icons.tsx';
import { Logo } from './logo.tsx';
import { Menu } from './menu.tsx';
import { MenuToggle } from './menu-toggle.tsx';

/** Header of the main layout: menu toggle, logo, and the profile picture or a login icon. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSessionStore((s) => s.session);
  const me = useSessionStore((s) => s.me);
  const online = useOnlineStatus();
  const name = me?.profile?.name || displayNameOf(session);
  const picture = avatarUrlOf(session);

  return (
    <>
      <header className="app-header">
        <MenuToggle open={menuOpen} onOpen={() => setMenuOpen(true)} />
        <Link to="/" className="app-header-logo" aria-label={menuMessages.home}>
          <Logo />
        </Link>
        <div className="app-header-end">
          {!online && (
            <span className="offline-pill" role="status">
              <OfflineIcon />
              <span className="offline-pill-text">{menuMessages.offline}</span>
            </span>
          )}
          {session ? (
            <Link to="/profile" className="icon-button avatar-link" aria-label={menuMessages.profile}>
              <Avatar name={name} url={picture} size={36} />
            </Link>
          ) : (
            <Link
              to="/auth/login"
              className="icon-button"
              aria-label={menuMessages.loginIcon}
              search={{}}
              data-testid="login-icon"
            >
              <LoginIcon />
            </Link>
          )}
        </div>
      </header>
      <Menu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </>
  );
}
