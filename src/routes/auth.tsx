import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../features/shell/auth-layout.tsx';
import { startSessionSync, subscribeToAuth } from '../features/shell/session-sync.ts';

startSessionSync();
// The auth screens talk to supabase-js anyway: keep the store in step with it from the start.
subscribeToAuth();

// Auth layout (dark, full screen, centred card): login, signup, forgot, reset-password, welcome...
export const Route = createFileRoute('/auth')({
  component: AuthLayout,
});
