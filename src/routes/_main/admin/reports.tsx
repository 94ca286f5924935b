import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ReportsScreen } from '../../../features/reports/reports-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requirePermission } from '../../-require-permission.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?event={id}`: the event shown (plain code: route definitions load with the entry). */
function reportSearch(search: Record<string, unknown>): { event?: string } {
  return typeof search.event === 'string' && UUID.test(search.event) ? { event: search.event } : {};
}

/** `/admin/reports` 'Relatório' (permission reports; the API checks it again on every call). */
export const Route = createFileRoute('/_main/admin/reports')({
  validateSearch: reportSearch,
  beforeLoad: ({ location }) => requirePermission('reports', location.href),
  component: function Page() {
    const { event } = Route.useSearch();
    const navigate = useNavigate({ from: '/admin/reports' });
    return (
      <>
        <PageTitle name="Relatório" />
        <ReportsScreen
          eventId={event ?? null}
          onEventChange={(id) => void navigate({ search: id ? { event: id } : {}, replace: true })}
        />
      </>
    );
  },
});
