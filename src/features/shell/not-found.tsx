/**
 * What an address without a route shows: 'Em breve' for a screen that is planned but not built yet,
 * else 'Página não encontrada'; both with a way back home, inside the main layout (header, menu)
 * unless a layout already wraps it (e.g. /auth/... renders in the auth card).
 */
import { Link, useMatches, useRouterState } from '@tanstack/react-router';
import { pageNames, placeholderMessages } from '../../domain/page-title.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { plannedScreen } from './coming-soon.ts';
import { MainLayout } from './main-layout.tsx';
import { startSessionSync } from './session-sync.ts';

startSessionSync();

export function NotFound() {
  const insideLayout = useMatches({
    select: (ms) => ms.some((m) => m.routeId === '/_main' || m.routeId === '/auth'),
  });
  if (insideLayout) return <NotFoundScreen />;
  return (
    <MainLayout>
      <NotFoundScreen />
    </MainLayout>
  );
}

function NotFoundScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const planned = plannedScreen(pathname);
  return (
    <div className="placeholder-page" data-testid={planned ? 'coming-soon' : 'not-found'}>
      <PageTitle name={planned ?? pageNames.notFound} />
      {planned && <p className="placeholder-badge">{placeholderMessages.comingSoonBadge}</p>}
      <h1>{planned ?? placeholderMessages.notFoundTitle}</h1>
      <p>{planned ? placeholderMessages.comingSoonText : placeholderMessages.notFoundText}</p>
      <p>
        <Link to="/" className="button">
          {placeholderMessages.backHome}
        </Link>
      </p>
    </div>
  );
}
