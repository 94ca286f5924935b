import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { ForgotScreen } from '../../features/auth/forgot-screen.tsx';
import { forgotSearch } from '../../features/auth/search.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/forgot')({
  validateSearch: forgotSearch,
  component: function Forgot() {
    return (
      <>
        <PageTitle name={pageNames.forgot} />
        <ForgotScreen search={Route.useSearch()} />
      </>
    );
  },
});
