import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { OAuthScreen } from '../../features/auth/oauth-screen.tsx';
import { oauthSearch } from '../../features/auth/search.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/oauth')({
  validateSearch: oauthSearch,
  component: function OAuth() {
    return (
      <>
        <PageTitle name={pageNames.oauth} />
        <OAuthScreen search={Route.useSearch()} />
      </>
    );
  },
});
