import { createFileRoute } from '@tanstack/react-router';
import { editorMessages } from '../../../../domain/messages/editor.ts';
import { EventsListScreen } from '../../../../features/admin-events/events-list-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';

/** `/admin/events`: the events staff with write_events manage. */
export const Route = createFileRoute('/_main/admin/events/')({
  beforeLoad: ({ location }) => requirePermission('write_events', location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name={editorMessages.listTitle} />
        <EventsListScreen />
      </>
    );
  },
});
