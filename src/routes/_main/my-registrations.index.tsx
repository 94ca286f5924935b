import { createFileRoute, redirect } from '@tanstack/react-router';
import { myRegistrationsMessages } from '../../domain/messages/checkout.ts';
import { MyRegistrationsScreen } from '../../features/checkout/my-registrations-screen.tsx';
import { hasStoredSession } from '../../lib/stored-session.ts';
import { PageTitle } from '../../ui/page-title.tsx';

// Signed-in members only; the guard reads the stored session (no network), so the list opens offline.
export const Route = createFileRoute('/_main/my-registrations/')({
  beforeLoad: ({ location }) => {
    if (!hasStoredSession()) throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
  },
  component: function Page() {
    return (
      <>
        <PageTitle name={myRegistrationsMessages.title} />
        <MyRegistrationsScreen />
      </>
    );
  },
});
