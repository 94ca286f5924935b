import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { cancelRegistrationMutation } from '../../data/registrations/mutations.ts';
import { checkoutMessages as c, myRegistrationsMessages as m } from '../../domain/messages/checkout.ts';
import { REDIRECT_AFTER_MS } from '../../domain/registrations.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** 'CANCELAR INSCRIÇÃO' on a pending cash/file/link/voucher attempt (product-spec.md §2). */
export function CancelRegistration({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const cancelation = useMutation(cancelRegistrationMutation);

  async function cancel() {
    if (busy || !window.confirm(m.cancelConfirm)) return;
    setBusy(true);
    try {
      await cancelation.mutateAsync(eventId);
      notify('positive', m.canceledSuccess);
      setTimeout(() => void navigate({ to: '/' }), REDIRECT_AFTER_MS);
    } catch (error) {
      notify('negative', (error as Error).message);
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button button-danger button-block"
      onClick={() => void cancel()}
      disabled={busy}
    >
      {busy && <Spinner size={18} label={c.submitting} />}
      {m.cancelButton}
    </button>
  );
}
