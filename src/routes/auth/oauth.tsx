import { createFileRoute } from '@tanstack/react-router';
import { OAuthScreen } from '../../features/auth/oauth-screen.tsx';
import { oauthSearchSchema } from '../../features/auth/search.ts';

export const Route = createFileRoute('/auth/oauth')({
  validateSearch: oauthSearchSchema,
  component: function OAuth() {
    return <OAuthScreen search={Route.useSearch()} />;
  },
});
