import { createFileRoute } from '@tanstack/react-router';
import { editorMessages } from '../../../../domain/messages/editor.ts';
import { EventEditorScreen } from '../../../../features/admin-events/editor-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';
import { backToEventSearch } from './-search.ts';

/** `/admin/events/new` (product-spec.md §2): create an event. */
export const Route = createFileRoute('/_main/admin/events/new')({
  validateSearch: backToEventSearch,
  beforeLoad: ({ location }) => requirePermission('write_events', location.href),
  component: function Page() {
    const { backToEvent } = Route.useSearch();
    return (
      <>
        <PageTitle name={editorMessages.newTitle} />
        <EventEditorScreen id={null} backToEvent={backToEvent === true} />
      </>
    );
  },
});
