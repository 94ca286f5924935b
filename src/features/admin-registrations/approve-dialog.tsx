import { useId } from 'react';
import type { AdminConfirmationRow } from '../../domain/admin-registrations.ts';
import { adminRegistrationsMessages as m } from '../../domain/messages/admin-registrations.ts';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { formatPrice } from '../../domain/money.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/**
 * 'Aprovar' asks first: an approval confirms the registration and issues the ticket at once, and
 * there is no way back to pending, so one stray tap on a crowded list must not do it. The dialog
 * names who, what and how much.
 */
export function ApproveDialog({
  row,
  busy,
  serverError,
  onConfirm,
  onClose,
}: {
  row: AdminConfirmationRow;
  busy: boolean;
  serverError: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  return (
    <Sheet open onClose={onClose} labelledBy={titleId} side="bottom" className="review-dialog">
      <div>
        <h2 id={titleId} className="review-dialog-title">
          {m.approveTitle}
        </h2>
        <p>{m.approveQuestion(row.user.name)}</p>
        <dl className="review-approve-facts">
          <div>
            <dt>{m.approveEvent}</dt>
            <dd>
              {row.event.title} · {row.tier.name}
            </dd>
          </div>
          <div>
            <dt>{m.approveMethod}</dt>
            <dd>{checkoutMessages.methodNames[row.strategy] ?? row.strategy}</dd>
          </div>
          <div>
            <dt>{m.approveValue}</dt>
            <dd>{formatPrice(row.registration.frozen_value)}</dd>
          </div>
        </dl>
        {serverError && (
          <p className="field-error" role="alert">
            {serverError}
          </p>
        )}
        <div className="review-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {m.cancel}
          </button>
          <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy && <Spinner size={18} label={m.loading} />}
            {m.approveConfirm}
          </button>
        </div>
      </div>
    </Sheet>
  );
}
