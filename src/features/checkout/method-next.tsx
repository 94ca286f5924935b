import { useMutation } from '@tanstack/react-query';
/**
 * What the member does next on a pending attempt, by method (product-spec.md §4): send the PIX receipt (file),
 * type the voucher (auto-sent 200 ms after the 8th character), open the payment link, or pay in
 * person. After a refusal, 'Tentar novamente' (a new attempt on the same registration, through the
 * checkout: another receipt or another method); after an expired PIX, 'Gerar novo PIX' (a new PIX
 * attempt on it, here). Shown on the checkout's last step and in the registration's detail.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import {
  invalidateMyRegistrations,
  startCheckoutMutation,
  uploadReceiptMutation,
} from '../../data/registrations/mutations.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { checkoutMessages as m, myRegistrationsMessages as r } from '../../domain/messages/checkout.ts';
import { validationMessages } from '../../domain/messages/validation.ts';
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '../../domain/registrations.ts';
import { pixKeyOf } from '../../domain/tiers.ts';
import type { Confirmation, MyRegistration } from '../../domain/types.ts';
import { FormAlert } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkoutErrorText } from './checkout-errors.ts';
import { PixReceiptCode } from './pix-receipt-code.tsx';

// the code field (and its mask library) loads only for a pending voucher attempt, which needs the network anyway
const VoucherForm = lazy(() => import('./pending-voucher.tsx').then((x) => ({ default: x.VoucherForm })));
const MercadoPagoStatus = lazy(() =>
  import('./mercadopago-pix.tsx').then((x) => ({ default: x.MercadoPagoStatus })),
);
const refreshAfterProvider = () => void invalidateMyRegistrations().catch(() => {});

export function MethodNext({
  registration,
  confirmation,
  onVoucherPaid,
}: {
  registration: MyRegistration;
  confirmation: Confirmation;
  onVoucherPaid(): void;
}) {
  if (confirmation.strategy === 'file' && confirmation.status === 'pending') {
    const key = (confirmation.request_data?.pix_key as string | undefined) ?? pixKeyOf(registration.tier);
    return (
      <div className="method-next">
        <p>{m.instructions.file(key)}</p>
        <PixReceiptCode pixKey={key} amountCents={registration.frozen_value} registration={registration} />
        <ReceiptForm confirmationId={confirmation.id} />
      </div>
    );
  }
  if (confirmation.strategy === 'file' && confirmation.status === 'analysis') {
    return <p className="method-next">{m.receiptSent}</p>;
  }
  if (confirmation.strategy === 'voucher' && confirmation.status === 'pending') {
    return (
      <Suspense fallback={<Spinner size={18} label={m.submitting} />}>
        <VoucherForm
          confirmationId={confirmation.id}
          eventId={registration.event_id}
          tierId={registration.tier_id}
          onPaid={onVoucherPaid}
        />
      </Suspense>
    );
  }
  if (confirmation.strategy === 'link' && confirmation.status === 'pending') {
    const link =
      (confirmation.request_data?.payment_link as string | null | undefined) ??
      registration.tier.payment_link;
    return (
      <div className="method-next">
        <p>{link ? m.instructions.link : m.instructions.linkMissing}</p>
        {link && (
          <a className="button" href={link} target="_blank" rel="noopener noreferrer">
            {m.openPaymentLink}
          </a>
        )}
        {confirmation.expires_at && (
          <p className="method-next-hint">{r.linkExpires(formatDateTime(confirmation.expires_at))}</p>
        )}
      </div>
    );
  }
  if (
    (confirmation.strategy === 'mp_pix' || confirmation.strategy === 'mp_card') &&
    confirmation.status === 'pending'
  ) {
    // the PIX code and QR (or the card's provider status) until Mercado Pago settles it
    return (
      <Suspense fallback={<Spinner label={m.loading} />}>
        <MercadoPagoStatus confirmationId={confirmation.id} onSettled={refreshAfterProvider} />
      </Suspense>
    );
  }
  if (confirmation.strategy === 'cash' && confirmation.status === 'pending') {
    return <p className="method-next">{m.instructions.cash}</p>;
  }
  // a new attempt on this registration: the member's own, while the event has not started (a
  // caravan's guests are the leader's, who registers a new caravan)
  const retryable =
    !registration.guest &&
    registration.status === confirmation.status &&
    new Date(registration.event.starts_at).getTime() > Date.now();
  if (retryable && confirmation.strategy === 'mp_pix' && confirmation.status === 'expired') {
    return <NewPix registration={registration} />;
  }
  if (retryable && confirmation.status === 'rejected') {
    return (
      <div className="method-next method-retry">
        <p>{m.tryAgainHint}</p>
        <Link
          className="button button-block"
          to="/checkout/$eventId/$tierId"
          params={{ eventId: registration.event_id, tierId: registration.tier_id }}
        >
          {m.tryAgain}
        </Link>
      </div>
    );
  }
  return null;
}

/** 'Gerar novo PIX': a new PIX attempt on the registration; its code then shows in its place. */
function NewPix({ registration }: { registration: MyRegistration }) {
  const [busy, setBusy] = useState(false);
  const checkout = useMutation(startCheckoutMutation);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="method-next method-retry">
      <p>{m.newPixHint}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <button
        type="button"
        className="button button-block"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await checkout.mutateAsync({
              eventId: registration.event_id,
              tierId: registration.tier_id,
              body: {
                tierId: registration.tier_id,
                paymentMethod: 'mp_pix',
                transactionData: { payment_method_id: 'pix' },
              },
            });
          } catch (failure) {
            setError(checkoutErrorText(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy && <Spinner size={18} label={m.submitting} />}
        {m.newPix}
      </button>
    </div>
  );
}

/** Client-side check of a receipt before sending (the API checks the bytes again). */
export function receiptProblem(file: File | undefined): string | null {
  if (!file || file.size === 0) return validationMessages.receiptRequired;
  if (file.size > RECEIPT_MAX_BYTES) return m.receiptTooLarge;
  const byName = /\.(jpe?g|png|webp|heic|heif|pdf)$/i.test(file.name);
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type) && !byName) return m.receiptBadType;
  return null;
}

function ReceiptForm({ confirmationId }: { confirmationId: string }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = useMutation(uploadReceiptMutation);
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="receipt-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const file = input.current?.files?.[0];
        const problem = receiptProblem(file);
        setError(problem);
        if (problem || !file) return;
        setBusy(true);
        try {
          await upload.mutateAsync({ confirmationId, receipt: file });
          notify('positive', m.receiptSent);
        } catch (failure) {
          const message = (failure as Error).message || m.receiptBadType;
          setError(message);
          notify('negative', message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="field">
        <label htmlFor={inputId} className="field-label">
          {m.receiptLabel}
        </label>
        <input
          ref={input}
          id={inputId}
          name="receipt"
          type="file"
          className="input"
          accept="image/jpeg,image/png,image/webp,image/heic,application/pdf,.heic,.pdf"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={() => setError(null)}
        />
        {error && (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-block" disabled={busy} aria-busy={busy}>
        {busy && <Spinner size={18} label={m.submitting} />}
        {m.receiptSend}
      </button>
    </form>
  );
}
