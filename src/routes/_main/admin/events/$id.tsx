import { createFileRoute } from '@tanstack/react-router';
import { editorMessages } from '../../../../domain/messages/editor.ts';
import { EventEditorScreen } from '../../../../features/admin-events/editor-screen.tsx';
import { PageTitle } from '../../../../ui/page-title.tsx';
import { requirePermission } from '../../../-require-permission.ts';
import { backToEventSearch } from './-search.ts';

/** `/admin/events/:id?backToEvent=true` (product-spec.md §2): edit an event; back to it after saving. */
export const Route = createFileRoute('/_main/admin/events/$id')({
  validateSearch: backToEventSearch,
  beforeLoad: ({ location }) => requirePermission('write_events', location.href),
  component: function Page() {
    const { id } = Route.useParams();
    const { backToEvent } = Route.useSearch();
    return (
      <>
        <PageTitle name={editorMessages.editTitle} />
        <EventEditorScreen key={id} id={id} backToEvent={backToEvent === true} />
      </>
    );
  },
});
