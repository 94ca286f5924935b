import { createFileRoute } from '@tanstack/react-router';
import { GuardianScreen } from '../../features/guardian/guardian-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/responsavel/:token`: a minor's guardian authorizes or refuses the registration (open to anyone with the link). */
export const Route = createFileRoute('/_main/responsavel/$token')({
  component: function Page() {
    const { token } = Route.useParams();
    return (
      <>
        <PageTitle name="Autorização do responsável" />
        <GuardianScreen token={token} />
      </>
    );
  },
});
