import { createFileRoute } from '@tanstack/react-router';
import { MainLayout } from '../features/shell/main-layout.tsx';
import { startSessionSync } from '../features/shell/session-sync.ts';

startSessionSync();

// Main layout (light): header with menu toggle, logo, profile picture or login icon; the menu drawer.
export const Route = createFileRoute('/_main')({
  component: MainLayout,
});
