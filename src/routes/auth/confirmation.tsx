import { createFileRoute } from '@tanstack/react-router';
import { ConfirmationScreen } from '../../features/auth/confirmation-screen.tsx';

export const Route = createFileRoute('/auth/confirmation')({
  component: ConfirmationScreen,
});
