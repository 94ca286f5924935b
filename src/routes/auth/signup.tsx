import { createFileRoute } from '@tanstack/react-router';
import { signupSearchSchema } from '../../features/auth/search.ts';
import { SignupScreen } from '../../features/auth/signup-screen.tsx';

export const Route = createFileRoute('/auth/signup')({
  validateSearch: signupSearchSchema,
  component: function Signup() {
    return <SignupScreen search={Route.useSearch()} />;
  },
});
