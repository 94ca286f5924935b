import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { LoginScreen } from '../../features/auth/login-screen.tsx';
import { loginSearch } from '../../features/auth/search.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/login')({
  validateSearch: loginSearch,
  component: function Login() {
    return (
      <>
        <PageTitle name={pageNames.login} />
        <LoginScreen search={Route.useSearch()} />
      </>
    );
  },
});
