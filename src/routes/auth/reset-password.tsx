import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../features/auth/reset-password-screen.tsx';

export const Route = createFileRoute('/auth/reset-password')({
  component: ResetPasswordScreen,
});
