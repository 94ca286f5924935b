import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { PrivacyScreen } from '../../features/privacy/privacy-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/privacidade`: how members' data is handled (LGPD), open to everyone. */
export const Route = createFileRoute('/_main/privacidade')({
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.privacy} />
        <PrivacyScreen />
      </>
    );
  },
});
