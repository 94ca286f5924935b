import { createFileRoute } from '@tanstack/react-router';
import { ForgotScreen } from '../../features/auth/forgot-screen.tsx';
import { forgotSearchSchema } from '../../features/auth/search.ts';

export const Route = createFileRoute('/auth/forgot')({
  validateSearch: forgotSearchSchema,
  component: function Forgot() {
    return <ForgotScreen search={Route.useSearch()} />;
  },
});
