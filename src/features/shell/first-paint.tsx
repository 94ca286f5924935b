import { menuMessages } from '../../domain/messages.ts';
import { LoginIcon } from './icons.tsx';
import { Logo } from './logo.tsx';
import { MenuToggle } from './menu-toggle.tsx';

/**
 * What index.html shows before any JS has run: the main layout's header as a guest sees it, rendered
 * into the page at build time (vite.config). On a phone's first visit the app's frame appears as soon
 * as the HTML and CSS are in, seconds before the JS; React replaces it when it mounts, with the same
 * classes and size, so nothing moves (tests/e2e/first-load.spec.ts).
 */
export function FirstPaint() {
  return (
    <>
      <header className="app-header">
        <MenuToggle />
        <a href="/" className="app-header-logo" aria-label={menuMessages.home}>
          <Logo />
        </a>
        <div className="app-header-end">
          <a href="/auth/login" className="icon-button" aria-label={menuMessages.loginIcon}>
            <LoginIcon />
          </a>
        </div>
      </header>
      <main className="main-content" />
    </>
  );
}
