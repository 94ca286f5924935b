import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { clearMemberData } from './data/member-data.ts';
import { registerSignOutCleanup } from './lib/session.ts';
import { hasStoredSession } from './lib/stored-session.ts';
import { router } from './router.tsx';
import './ui/tokens.css';

// Signing out (from any screen) wipes the member's data from this device. Registered here, at
// start-up, not by whichever screen's chunk happens to be loaded when the member signs out.
registerSignOutCleanup(clearMemberData);
// No session stored at all: whoever used the app here signed out while it was not running (in a tab
// since closed, or with a version that did not wipe). What they left is nobody's: remove it.
if (!hasStoredSession()) void clearMemberData();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
