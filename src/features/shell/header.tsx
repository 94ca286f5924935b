import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen } from '../../data/after-first-screen.ts';
import { useMe } from '../../data/use-me.ts';
import { menuMessages } from '../../domain/messages.ts';
import { avatarUrlOf, displayNameOf } from '../../lib/auth-user.ts';
import { useOnlineStatus, useSessionStore } from '../../lib/session.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { LoginIcon, OfflineIcon } from './icons.tsx';
import { Logo } from './logo.tsx';
import { MenuToggle } from './menu-toggle.tsx';

// The menu's code is not needed for the first paint (≈ 1.5 KiB gzip less before it): it is fetched
// once the first screen is painted, so the first tap opens it at once, and is precached for offline use.
const loadMenu = () => import('./menu.tsx');
const Menu = lazy(() => loadMenu().then((m) => ({ default: m.Menu })));

/** Header of the main layout: menu toggle, logo, and the profile picture or a login icon. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  useEffect(() => afterFirstScreen(() => void loadMenu()), []);
  const session = useSessionStore((s) => s.session);
  const { me } = useMe();
  const online = useOnlineStatus();
  const name = me?.profile?.name || displayNameOf(session);
  const picture = avatarUrlOf(session);

  return (
    <>
      <header className="app-header">
        <MenuToggle
          open={menuOpen}
          onOpen={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
        />
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
      {menuUsed && (
        <Suspense fallback={null}>
          <Menu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
