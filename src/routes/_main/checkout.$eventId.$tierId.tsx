import { createFileRoute } from '@tanstack/react-router';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { CheckoutScreen } from '../../features/checkout/checkout-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { requireSignIn } from '../-require-sign-in.ts';

// Checkout needs a signed-in member (product-spec.md §2): a guest goes to the login, and comes back here.
export const Route = createFileRoute('/_main/checkout/$eventId/$tierId')({
  beforeLoad: ({ location }) => requireSignIn(location.href, 'checkout'),
  component: function Page() {
    const { eventId, tierId } = Route.useParams();
    return (
      <>
        <PageTitle name={checkoutMessages.title} />
        <CheckoutScreen key={`${eventId}/${tierId}`} eventId={eventId} tierId={tierId} />
      </>
    );
  },
});
