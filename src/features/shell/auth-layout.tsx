import { Link, Outlet } from '@tanstack/react-router';
import { authMessages } from '../../domain/messages/auth.ts';
import { DeferredUpdatePrompt } from './deferred-update-prompt.tsx';
import { Logo } from './logo.tsx';
import { SessionBridge } from './session-bridge.tsx';
import { subscribeToAuth } from './session-sync.ts';
import './auth-layout.css';

// The auth screens talk to supabase-js anyway: keep the session store in step with it from the start.
// (Here, in the layout's own chunk: the route file's top level runs in the entry on every page.)
subscribeToAuth();

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
