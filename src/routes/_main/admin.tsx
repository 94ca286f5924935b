import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/layouts/admin-layout.tsx';

// Admin screens: each child route guards its own permission (beforeLoad); the API checks again.
export const Route = createFileRoute('/_main/admin')({
  component: AdminLayout,
});
