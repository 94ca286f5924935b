/**
 * Step 2 for a voucher: one step with the code field (XXXX-XXXX). The code is sent 200 ms after its
 * 8th character (product-spec.md §5) or with the 'Aplicar voucher »' button, with the checkout itself, so no
 * registration waits for a code. An invalid voucher is shown beside the field ('Voucher inválido...';
 * the server keeps it as a rejected attempt) and the member may type another.
 */
import { useEffect, useRef, useState } from 'react';
import { checkoutMessages as m } from '../../domain/messages/checkout.ts';
import { validationMessages } from '../../domain/messages/validation.ts';
import { normalizeVoucher, VOUCHER_LENGTH } from '../../domain/registrations.ts';
import { MaskedField } from '../../ui/masked-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkoutErrorText } from './checkout-errors.ts';

/** Spec §9: the voucher is sent 200 ms after its 8th character. */
export const VOUCHER_AUTOSUBMIT_MS = 200;

/**
 * The voucher code field (XXXX-XXXX) and its sending: 200 ms after the 8th character, or by `send`
 * (a button); a failure is shown beside the field and another code may be typed.
 */
export function useVoucherCode(submit: (voucher: string) => Promise<void>) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // the code last sent, so the auto-submit does not send the same code twice
  const sent = useRef<string | null>(null);
  const raw = normalizeVoucher(value);

  async function send(code: string) {
    if (busy) return;
    if (code.length !== VOUCHER_LENGTH) {
      setError(validationMessages.voucherLength);
      return;
    }
    sent.current = code;
    setBusy(true);
    setError(undefined);
    try {
      await submit(code);
    } catch (failure) {
      setError(checkoutErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (raw.length !== VOUCHER_LENGTH || sent.current === raw) return;
    const timer = setTimeout(() => void send(raw), VOUCHER_AUTOSUBMIT_MS);
    return () => clearTimeout(timer);
  });

  const field = (
    <MaskedField
      label={m.voucherLabel}
      name="voucher"
      mask="****-****"
      placeholder="XXXX-XXXX"
      autoComplete="off"
      value={value}
      disabled={busy}
      onValueChange={(next) => {
        setValue(next);
        setError(undefined);
        if (normalizeVoucher(next) !== sent.current) sent.current = null;
      }}
      onBlur={() => {
        if (raw.length > 0 && raw.length !== VOUCHER_LENGTH) setError(validationMessages.voucherLength);
      }}
      error={error}
    />
  );
  return { field, busy, send: () => send(raw) };
}

export function VoucherStep({
  submit,
  back,
}: {
  /** Sends the checkout with the code (unmasked, lower-case); rejects with the API's failure. */
  submit(voucher: string): Promise<void>;
  back(): void;
}) {
  const { field, busy, send } = useVoucherCode(submit);

  return (
    <form
      className="checkout-panel voucher-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2 className="checkout-subtitle">{m.methodNames.voucher}</h2>
      <p data-testid="method-instructions">{m.instructions.voucher}</p>
      {field}
      <div className="checkout-actions">
        <button type="button" className="button button-secondary" onClick={back} disabled={busy}>
          {m.back}
        </button>
        <button type="submit" className="button button-block" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size={18} label={m.submitting} />}
          {m.voucherApply}
        </button>
      </div>
    </form>
  );
}
