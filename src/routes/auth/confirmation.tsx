import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { ConfirmationScreen } from '../../features/auth/confirmation-screen.tsx';
import { confirmationSearch } from '../../features/auth/search.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/confirmation')({
  validateSearch: confirmationSearch,
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.confirmation} />
        <ConfirmationScreen search={Route.useSearch()} />
      </>
    );
  },
});
