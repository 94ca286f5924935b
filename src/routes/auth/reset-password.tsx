import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { ResetPasswordScreen } from '../../features/auth/reset-password-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/auth/reset-password')({
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.resetPassword} />
        <ResetPasswordScreen />
      </>
    );
  },
});
