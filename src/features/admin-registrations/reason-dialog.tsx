import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { adminRegistrationsMessages as m } from '../../domain/messages/admin-registrations.ts';
import { validationMessages } from '../../domain/messages/validation.ts';
import { reasonSchema } from '../../domain/registrations.ts';
import { Sheet } from '../../ui/sheet.tsx';

/** Asks the reason of a rejection or an 'Excluir' (3+ characters, shown to the member). */
export function ReasonDialog({
  title,
  confirmLabel,
  lead,
  label,
  busy,
  serverError,
  onConfirm,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  /** What the action does, above the field. */
  lead?: string;
  /** The field's label (default: the reason shown to the member). */
  label?: string;
  busy: boolean;
  serverError: string | null;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const titleId = useId();
  const inputId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = v.safeParse(reasonSchema, reason);
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? validationMessages.reasonMin);
      return;
    }
    setError(null);
    onConfirm(parsed.output);
  }

  const shown = error ?? serverError;
  return (
    <Sheet open onClose={onClose} labelledBy={titleId} side="bottom" className="review-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="review-dialog-title">
          {title}
        </h2>
        {lead && <p className="review-dialog-lead">{lead}</p>}
        <div className={`field${shown ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={inputId}>
            {label ?? m.reasonLabel}
          </label>
          <textarea
            id={inputId}
            className="input review-reason"
            value={reason}
            rows={3}
            maxLength={500}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${inputId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {shown && (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {shown}
            </p>
          )}
        </div>
        <div className="review-dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {m.cancel}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Sheet>
  );
}
