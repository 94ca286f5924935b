import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { welcomeSearch } from '../../features/auth/search.ts';
import { WelcomeScreen } from '../../features/auth/welcome-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/welcome')({
  validateSearch: welcomeSearch,
  component: function Welcome() {
    return (
      <>
        <PageTitle name={pageNames.welcome} />
        <WelcomeScreen search={Route.useSearch()} />
      </>
    );
  },
});
