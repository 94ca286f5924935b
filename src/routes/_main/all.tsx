import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MONTH_KEY, monthKey, shiftMonth } from '../../domain/dates.ts';
import { pageNames } from '../../domain/page-title.ts';
import { AllEventsScreen } from '../../features/events/all-screen.tsx';
import { eventIdParam } from '../../features/events/use-event-overlay.ts';
import { PageTitle } from '../../ui/page-title.tsx';

const month = v.fallback(v.optional(v.pipe(v.string(), v.regex(MONTH_KEY))), undefined);

/** `/all` Todos os eventos: months `from`..`to` (default: the current month), `?event=` overlay. */
export const Route = createFileRoute('/_main/all')({
  validateSearch: v.object({ from: month, to: month, event: eventIdParam }),
  component: AllEventsRoute,
});

function AllEventsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const current = monthKey(new Date());
  const from = search.from ?? current;
  // Month keys compare as strings; `to` never comes before `from`, and defaults to the current month.
  const earliestTo = from.localeCompare(current) > 0 ? from : current;
  const to = search.to && search.to >= from ? search.to : earliestTo;
  const go = (next: { from: string; to: string }) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return (
    <>
      <PageTitle name={pageNames.all} />
      <AllEventsScreen
        from={from}
        to={to}
        onLoadPrevious={() => go({ from: shiftMonth(from, -1), to })}
        onLoadNext={() => go({ from, to: shiftMonth(to, 1) })}
      />
    </>
  );
}
