/**
 * PIX through Mercado Pago: step 2 asks to generate the code; step 3 shows the copy-and-paste code
 * (with a copy button) and the QR until the payment arrives, polling the attempt, then the outcome.
 */
import './mercadopago.css';
import { useEffect, useState } from 'react';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { mercadoPagoMessages as m } from '../../domain/messages/mercadopago.ts';
import { formatPrice } from '../../domain/money.ts';
import { FormAlert } from '../../ui/field.tsx';
import { PixCode } from '../../ui/pix-code.tsx';
import {
  type MercadoPagoConfirmation,
  type ProviderFormProps,
  useMercadoPagoConfig,
  useMercadoPagoConfirmation,
} from './use-mercadopago.ts';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** Step 2 for mp_pix (payment-forms.ts): the Payment Brick's PIX choice submits only the method. */
export function MercadoPagoPixForm({ tier, submit, back }: ProviderFormProps) {
  const [busy, setBusy] = useState(false);
  const amount = tier.price;
  return (
    <section className="mp-step" aria-label={m.pixTitle}>
      <h2 className="mp-title">{m.pixTitle}</h2>
      <p>{m.pixLead}</p>
      <button
        type="button"
        className="button button-block"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          // a failure (PIX_FAIL) is shown by the checkout screen; the member may try again
          submit({ payment_method_id: 'pix' })
            .catch(() => {})
            .finally(() => setBusy(false));
        }}
      >
        {m.pay(formatPrice(amount))}
      </button>
      <div className="checkout-actions">
        <button type="button" className="button button-secondary" onClick={back} disabled={busy}>
          {checkoutMessages.back}
        </button>
      </div>
    </section>
  );
}

/** Step 3 for mp_pix and mp_card: the provider's status, the PIX code and QR while it is unpaid. */
export function MercadoPagoStatus({
  confirmationId,
  initial,
  onSettled,
}: {
  confirmationId: string;
  initial?: MercadoPagoConfirmation | null;
  /** Called once the attempt is no longer pending (e.g. to refresh the stored registration). */
  onSettled?(status: string): void;
}) {
  const confirmation = useMercadoPagoConfirmation(confirmationId, initial ?? null);
  const { config } = useMercadoPagoConfig();
  const status = confirmation?.status;
  useEffect(() => {
    if (status && status !== 'pending' && status !== 'analysis') onSettled?.(status);
  }, [status, onSettled]);
  if (!confirmation) return null;
  if (confirmation.status === 'paid') {
    return (
      <p className="mp-status mp-status-paid" role="status">
        {confirmation.strategy === 'mp_pix' ? m.pixPaid : m.cardApproved}
      </p>
    );
  }
  if (confirmation.status === 'expired') return <FormAlert>{m.pixExpired}</FormAlert>;
  if (confirmation.status !== 'pending' && confirmation.status !== 'analysis')
    return <FormAlert>{m.pixRejected}</FormAlert>;
  if (confirmation.strategy === 'mp_card') {
    return (
      <p className="mp-status" role="status">
        {m.cardPending}
      </p>
    );
  }
  const data = (confirmation.request_data ?? {}) as { qr_code?: unknown; qr_code_base64?: unknown };
  const code = typeof data.qr_code === 'string' ? data.qr_code : '';
  const png = typeof data.qr_code_base64 === 'string' ? data.qr_code_base64 : '';
  return (
    <section className="mp-pix" aria-label={m.pixTitle}>
      <h2 className="mp-title">{m.pixTitle}</h2>
      <p>{m.pixLead}</p>
      {png && (
        <img
          className="mp-pix-qr"
          src={`data:image/png;base64,${png}`}
          alt={m.pixQrAlt}
          width={220}
          height={220}
        />
      )}
      <PixCode code={code} />
      {confirmation.expires_at && (
        <p className="mp-pix-expires">{m.pixExpires(dateTime.format(new Date(confirmation.expires_at)))}</p>
      )}
      <p className="mp-status" role="status" aria-live="polite">
        {m.pixWaiting}
      </p>
      {config?.simulated && <p className="mp-dev-hint">{m.devPageHint}</p>}
    </section>
  );
}
