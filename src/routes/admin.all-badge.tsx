import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AllBadgeScreen } from '../features/badges/all-badge-screen.tsx';
import { PageTitle } from '../ui/page-title.tsx';
import { requirePermission } from './-require-permission.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?event={id}` (plain code: route definitions load with the entry). */
function allBadgeSearch(search: Record<string, unknown>): { event?: string } {
  return typeof search.event === 'string' && UUID.test(search.event) ? { event: search.event } : {};
}

/**
 * `/admin/all-badge` (outside the main layout; permission read_confirmations): the badges of an
 * event's paid registrations on A4 sheets.
 */
export const Route = createFileRoute('/admin/all-badge')({
  validateSearch: allBadgeSearch,
  beforeLoad: ({ location }) => requirePermission('read_confirmations', location.href),
  component: function Page() {
    const { event } = Route.useSearch();
    const navigate = useNavigate({ from: '/admin/all-badge' });
    return (
      <>
        <PageTitle name="Crachás do evento" />
        <AllBadgeScreen
          eventId={event ?? null}
          onEventChange={(id) => void navigate({ search: id ? { event: id } : {}, replace: true })}
        />
      </>
    );
  },
});
