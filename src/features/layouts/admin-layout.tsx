import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The admin screens' layout (inside the main layout): the TanStack Query cache their online-only
 * lists use (DESIGN §3). It loads with the first admin screen, never with the public pages.
 */
export function AdminLayout() {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // staff lists are live data: refetch on focus, retry a failed read once
          queries: { retry: 1, staleTime: 15_000 },
          mutations: { retry: 0 },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
