import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { Notices } from '../ui/notices.tsx';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Notices />
    </>
  ),
  // 'Página não encontrada', inside the main layout; loaded on demand.
  notFoundComponent: lazyRouteComponent(() => import('../features/shell/not-found.tsx'), 'NotFound'),
});
