import { createFileRoute } from '@tanstack/react-router';
import { staffMessages } from '../../../domain/messages/staff.ts';
import { PwdResetScreen } from '../../../features/admin-pwd-reset/pwd-reset-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { requirePermission } from '../../-require-permission.ts';

/** `/admin/pwd-reset` 'Reset de Senha' (write_confirmations). */
export const Route = createFileRoute('/_main/admin/pwd-reset')({
  beforeLoad: ({ location }) => requirePermission('write_confirmations', location.href),
  component: function Page() {
    return (
      <>
        <PageTitle name={staffMessages.resetTitle} />
        <PwdResetScreen />
      </>
    );
  },
});
