import { createFileRoute, redirect } from '@tanstack/react-router';

// /auth alone has no screen: send people to the login.
export const Route = createFileRoute('/auth/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});
