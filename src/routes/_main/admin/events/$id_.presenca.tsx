import { createFileRoute } from '@tanstack/react-router';
import { attendanceMessages } from '../../../../domain/messages/attendance.ts';
import { LiveAttendanceScreen } from '../../../../features/attendance/live-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';

/** `/admin/events/:id/presenca` 'Presença ao vivo' (checkin or reports; the API checks it again). */
export const Route = createFileRoute('/_main/admin/events/$id_/presenca')({
  beforeLoad: ({ location }) => requirePermission(['checkin', 'reports'], location.href),
  component: function Page() {
    const { id } = Route.useParams();
    return (
      <>
        <PageTitle name={attendanceMessages.title} />
        <LiveAttendanceScreen key={id} eventId={id} />
      </>
    );
  },
});
