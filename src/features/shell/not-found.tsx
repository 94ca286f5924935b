/**
 * What an address without a route shows: 'Página não encontrada' with a way back home, inside the
 * main layout (header, menu) unless a layout already wraps it (e.g. /auth/... renders in the auth card).
 */
import { Link, useMatches } from '@tanstack/react-router';
import { pageNames, placeholderMessages } from '../../domain/page-title.ts';
import { PageTitle } from '../../ui/page-title.tsx';
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
  return (
    <div className="placeholder-page" data-testid="not-found">
      <PageTitle name={pageNames.notFound} />
      <h1>{placeholderMessages.notFoundTitle}</h1>
      <p>{placeholderMessages.notFoundText}</p>
      <p>
        <Link to="/" className="button">
          {placeholderMessages.backHome}
        </Link>
      </p>
    </div>
  );
}
