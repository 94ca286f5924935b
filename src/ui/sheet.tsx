import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './ui.css';

export interface SheetProps {
  open: boolean;
  onClose(): void;
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  side?: 'left' | 'right' | 'bottom';
  className?: string;
  children: ReactNode;
}

/**
 * A modal side sheet on the native `<dialog>`: `showModal()` makes the rest of the page inert (a real
 * focus trap), Esc closes it, focus returns to the opener. A click on the backdrop closes it too.
 */
export function Sheet({ open, onClose, labelledBy, side = 'left', className, children }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // before the paint: a page that opens on a sheet (a ticket's address) shows no frame without it
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click; the keyboard closes it with Esc (cancel)
    <dialog
      ref={ref}
      className={`sheet sheet-${side}${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // Esc: let React state drive the closing so the opener gets focus back
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) {
          const r = e.currentTarget.getBoundingClientRect();
          const inside =
            e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
          if (!inside) onCloseRef.current();
        }
      }}
    >
      {open && <div className="sheet-body">{children}</div>}
    </dialog>
  );
}
