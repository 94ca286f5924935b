/** A pending voucher attempt's code field (an attempt left pending before the checkout took the code). */
import { useMutation } from '@tanstack/react-query';
import { applyVoucherMutation } from '../../data/registrations/mutations.ts';
import { checkoutMessages as m, myRegistrationsMessages as r } from '../../domain/messages/checkout.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useVoucherCode } from './voucher-step.tsx';

export function VoucherForm({
  confirmationId,
  eventId,
  tierId,
  onPaid,
}: {
  confirmationId: string;
  eventId: string;
  tierId: string;
  onPaid(): void;
}) {
  const apply = useMutation(applyVoucherMutation);
  const { field, busy } = useVoucherCode(async (voucher) => {
    await apply.mutateAsync({ confirmationId, voucher, eventId, tierId });
    notify('positive', r.confirmedSuccess);
    onPaid();
  });
  return (
    <div className="method-next voucher-form">
      <p>{m.instructions.voucher}</p>
      {field}
      {busy && <Spinner size={18} label={m.submitting} />}
    </div>
  );
}
