import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/shell/auth-layout.tsx';
import { startSessionSync } from '../features/shell/session-sync.ts';

startSessionSync();

// Auth layout (dark, full screen, centred card): login, signup, forgot, reset-password, welcome...
export const Route = createFileRoute('/auth')({
  component: AuthLayout,
});
