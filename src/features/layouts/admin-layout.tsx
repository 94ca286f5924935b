import { Outlet } from '@tanstack/react-router';

/**
 * The admin screens' layout (inside the main layout). The app's one query client is provided at the
 * root (main.tsx); this layout loads with the first admin screen, never with the public pages.
 */
export function AdminLayout() {
  return <Outlet />;
}
