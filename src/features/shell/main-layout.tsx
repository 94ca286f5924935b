import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { menuMessages } from '../../domain/messages.ts';
import { DeferredUpdatePrompt } from './deferred-update-prompt.tsx';
import { Header } from './header.tsx';
import { SessionBridge } from './session-bridge.tsx';

/** The light main layout: header with the menu, then the page (the route's, or `children`). */
export function MainLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        {menuMessages.skipToContent}
      </a>
      <SessionBridge />
      <Header />
      <main id="conteudo" className="main-content" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <DeferredUpdatePrompt />
    </>
  );
}
