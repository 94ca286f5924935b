import { createRootRoute, Outlet } from '@tanstack/react-router';
import { Notices } from '../ui/notices.tsx';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Notices />
    </>
  ),
  notFoundComponent: () => (
    <main style={{ padding: 24 }}>
      <h1>Página não encontrada</h1>
      <a href="/">Voltar para os eventos</a>
    </main>
  ),
});
