import { Outlet } from '@tanstack/react-router';
import { authMessages } from '../../domain/messages.ts';
import { Header } from './header.tsx';
import { SessionBridge } from './session-bridge.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import '../../ui/ui.css';
import './shell.css';

/** The light main layout: header with the menu, then the page. */
export function MainLayout() {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        {authMessages.skipToContent}
      </a>
      <SessionBridge />
      <Header />
      <main id="conteudo" className="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <UpdatePrompt />
    </>
  );
}
