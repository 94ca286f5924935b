import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '../../features/reminders/unsubscribe-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/lembretes/sair/:token`: stop reminders from a message's link (open to anyone with the link). */
export const Route = createFileRoute('/_main/lembretes/sair/$token')({
  component: function Page() {
    const { token } = Route.useParams();
    return (
      <>
        <PageTitle name="Não quero receber lembretes" />
        <UnsubscribeScreen token={token} />
      </>
    );
  },
});
