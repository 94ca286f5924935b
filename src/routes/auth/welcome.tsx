import { createFileRoute } from '@tanstack/react-router';
import { welcomeSearchSchema } from '../../features/auth/search.ts';
import { WelcomeScreen } from '../../features/auth/welcome-screen.tsx';

export const Route = createFileRoute('/auth/welcome')({
  validateSearch: welcomeSearchSchema,
  component: function Welcome() {
    return <WelcomeScreen search={Route.useSearch()} />;
  },
});
