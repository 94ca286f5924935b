/**
 * A modal dialog (native <dialog>: focus kept inside, Esc closes) rendered in a portal, so the
 * inline forms (new venue, speaker, tag, tier) are never nested inside the event's <form>.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { editorMessages as t } from '../../../domain/messages/editor.ts';

export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  if (typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={ref}
      className="editor-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <div className="editor-dialog-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="button button-secondary button-small" onClick={onClose}>
              {t.close}
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>,
    document.body,
  );
}

/** Asks before a destructive action; `onConfirm` runs when the person confirms. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} title={confirmLabel} onClose={onClose}>
      <p>{message}</p>
      <div className="editor-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t.cancel}
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
