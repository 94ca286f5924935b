import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { MainLayout } from '../features/shell/main-layout.tsx';
import { startSessionSync } from '../features/shell/session-sync.ts';
import { useSessionStore } from '../lib/session.ts';

startSessionSync();

// The member's check-in prompt, on every main-layout screen; a chunk guests never load.
const CheckinPrompt = lazy(() =>
  import('../features/checkin/checkin-prompt.tsx').then((m) => ({ default: m.CheckinPrompt })),
);

function MainRoute() {
  const signedIn = useSessionStore((s) => Boolean(s.session));
  return (
    <>
      <MainLayout />
      {signedIn && (
        <Suspense fallback={null}>
          <CheckinPrompt />
        </Suspense>
      )}
    </>
  );
}

// Main layout (light): header with menu toggle, logo, profile picture or login icon; the menu drawer.
export const Route = createFileRoute('/_main')({
  component: MainRoute,
});
