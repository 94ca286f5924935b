import { Link, Outlet } from '@tanstack/react-router';
import { authMessages } from '../../domain/messages.ts';
import { DeferredUpdatePrompt } from './deferred-update-prompt.tsx';
import { Logo } from './header.tsx';
import { SessionBridge } from './session-bridge.tsx';
import '../../ui/ui.css';
import './shell.css';
import './auth-layout.css';

/** The dark, full-screen auth layout: logo over a centred card. */
export function AuthLayout() {
  return (
    <div className="theme-dark auth-layout">
      <SessionBridge />
      <div className="auth-column">
        <Link to="/" className="auth-logo" aria-label={authMessages.backToEvents}>
          <Logo />
        </Link>
        <main className="auth-card">
          <Outlet />
        </main>
      </div>
      <DeferredUpdatePrompt />
    </div>
  );
}
