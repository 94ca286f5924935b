import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError, RoutePending } from './ui/route-loading.tsx';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  // a screen's lazy code that fails or takes over 120 s offers a retry (src/ui/route-loading.tsx)
  defaultPendingComponent: RoutePending,
  defaultPendingMinMs: 0,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
