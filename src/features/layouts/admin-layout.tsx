import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { queryClient } from '../../data/query-client.ts';

/**
 * The admin screens' layout (inside the main layout): provides the app's one query client to the
 * staff screens. It loads with the first admin screen, never with the public pages.
 */
export function AdminLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
