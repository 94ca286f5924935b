import { createFileRoute } from '@tanstack/react-router';
import { staffMessages } from '../../../domain/messages/staff.ts';
import { SignupScreen } from '../../../features/admin-signup/signup-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requirePermission } from '../../-require-permission.ts';

/** `/admin/single-page-signup` 'Inscrição para terceiros' (read_confirmations or create_user). */
export const Route = createFileRoute('/_main/admin/single-page-signup')({
  beforeLoad: ({ location }) => requirePermission(['read_confirmations', 'create_user'], location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name={staffMessages.signupTitle} />
        <SignupScreen />
      </>
    );
  },
});
