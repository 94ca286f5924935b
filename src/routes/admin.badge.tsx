import { createFileRoute } from '@tanstack/react-router';
import { BadgeScreen } from '../features/badges/badge-screen.tsx';
import { PageTitle } from '../ui/page-title.tsx';
import { requirePermission } from './-require-permission.ts';

const text = (value: unknown, max: number) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';

/** `?name&temple&code` (plain code: route definitions load with the entry). */
function badgeSearch(search: Record<string, unknown>): { name: string; temple: string; code: string } {
  return { name: text(search.name, 120), temple: text(search.temple, 120), code: text(search.code, 64) };
}

/**
 * `/admin/badge` (outside the main layout; permission read_confirmations, the one that lists the
 * registrations whose badges staff print): one badge, printed at once.
 */
export const Route = createFileRoute('/admin/badge')({
  validateSearch: badgeSearch,
  beforeLoad: ({ location }) => requirePermission('read_confirmations', location.href),
  component: function Page() {
    const search = Route.useSearch();
    return (
      <>
        <PageTitle name={search.name ? `Crachá de ${search.name}` : 'Crachá'} />
        <BadgeScreen name={search.name} temple={search.temple} code={search.code} />
      </>
    );
  },
});
