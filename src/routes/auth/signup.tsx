import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { signupSearch } from '../../features/auth/search.ts';
import { SignupScreen } from '../../features/auth/signup-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/signup')({
  validateSearch: signupSearch,
  component: function Signup() {
    return (
      <>
        <PageTitle name={pageNames.signup} />
        <SignupScreen search={Route.useSearch()} />
      </>
    );
  },
});
