import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/login-screen.tsx';
import { loginSearchSchema } from '../../features/auth/search.ts';

export const Route = createFileRoute('/auth/login')({
  validateSearch: loginSearchSchema,
  component: function Login() {
    return <LoginScreen search={Route.useSearch()} />;
  },
});
