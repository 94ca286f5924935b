import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startPersisting } from './data/kept.ts';
import { clearMemberData, clearMemberDataLeftBehind } from './data/member-data.ts';
import { queryClient } from './data/query-client.ts';
import { onFirstScreenRendered } from './features/shell/session-sync.ts';
import { registerSignOutCleanup } from './lib/session.ts';
import { hasStoredSession } from './lib/stored-session.ts';
import { router } from './router.tsx';
import './ui/tokens.css';
// The layouts' styles are render-blocking: index.html paints the header before any JS (first-paint.tsx).
import './ui/ui.css';
import './features/shell/shell.css';

// Signing out (from any screen) wipes the member's data from this device. Registered here, at
// start-up, not by whichever screen's chunk happens to be loaded when the member signs out.
registerSignOutCleanup(clearMemberData);
// The answers that must open offline (events, the member's registrations) are kept on the device.
startPersisting();
// No session stored at all: whoever used the app here signed out while it was not running (in a tab
// since closed, or with a version that did not wipe). What they left is nobody's: remove it.
if (!hasStoredSession()) void clearMemberDataLeftBehind();
// A stored session is started after the first screen (features/shell/session-sync.ts).
const stopWaiting = router.subscribe('onRendered', () => {
  stopWaiting();
  onFirstScreenRendered();
});

// As a transition, React renders the first screen in slices of a few ms instead of one long task: a
// phone stays responsive to taps on the header index.html has already painted (first-paint.tsx).
// The routes are matched first: rendered before, the tree would be rendered a second time, in one
// synchronous task, when the router's mount-time load updates its store (a 30–45 ms task on this
// machine, four times that on a phone).
const root = createRoot(document.getElementById('root')!);
void router.load().finally(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
