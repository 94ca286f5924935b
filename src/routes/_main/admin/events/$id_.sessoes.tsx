import { createFileRoute } from '@tanstack/react-router';
import { attendanceMessages } from '../../../../domain/messages/attendance.ts';
import { SessionsScreen } from '../../../../features/admin-events/sessions-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';

/** `/admin/events/:id/sessoes` 'Dias e sessões do checkin' (write_events; the API checks it again). */
export const Route = createFileRoute('/_main/admin/events/$id_/sessoes')({
  beforeLoad: ({ location }) => requirePermission('write_events', location.href),
  component: function Page() {
    const { id } = Route.useParams();
    return (
      <>
        <PageTitle name={attendanceMessages.sessionsTitle} />
        <SessionsScreen key={id} eventId={id} />
      </>
    );
  },
});
