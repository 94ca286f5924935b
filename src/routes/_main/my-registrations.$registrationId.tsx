import { createFileRoute, redirect } from '@tanstack/react-router';
import { myRegistrationsMessages } from '../../domain/messages/checkout.ts';
import { MyRegistrationsScreen } from '../../features/checkout/my-registrations-screen.tsx';
import { hasStoredSession } from '../../lib/stored-session.ts';
import { PageTitle } from '../../ui/page-title.tsx';

// The same screen with the detail overlay open (product-spec.md §2); opens offline from the stored registrations.
export const Route = createFileRoute('/_main/my-registrations/$registrationId')({
  beforeLoad: ({ location }) => {
    if (!hasStoredSession()) throw redirect({ to: '/auth/login', search: { redirectTo: location.href } });
  },
  component: function Page() {
    const { registrationId } = Route.useParams();
    return (
      <>
        <PageTitle name={myRegistrationsMessages.title} />
        <MyRegistrationsScreen registrationId={registrationId} />
      </>
    );
  },
});
