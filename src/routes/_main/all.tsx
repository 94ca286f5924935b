import { createFileRoute } from '@tanstack/react-router';
import { MONTH_KEY, monthKey, shiftMonth } from '../../domain/dates.ts';
import { pageNames } from '../../domain/page-title.ts';
import { AllEventsScreen } from '../../features/events/all-screen.tsx';
import { eventIdParam } from '../../features/events/use-event-overlay.ts';
import { PageTitle } from '../../ui/page-title.tsx';

/** A `YYYY-MM` month, or dropped (plain code: route definitions load with the entry). */
function month(value: unknown): string | undefined {
  return typeof value === 'string' && MONTH_KEY.test(value) ? value : undefined;
}

/** `/all` Todos os eventos: months `from`..`to` (default: the current month), `?event=` overlay. */
export const Route = createFileRoute('/_main/all')({
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string; event?: string } => ({
    from: month(search.from),
    to: month(search.to),
    event: eventIdParam(search.event),
  }),
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
