/**
 * Step 2 for mp_card: Mercado Pago's Card Payment Brick in production, or its local stand-in when
 * the API's payments are the dev fake. Either hands `onSubmit` the Brick's payload (a token, never
 * the card), which the checkout sends as `transactionData`.
 */
import './mercadopago.css';
import { lazy, Suspense, useState } from 'react';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { mercadoPagoMessages as m } from '../../domain/messages/mercadopago.ts';
import { formatPrice } from '../../domain/money.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkoutErrorText } from './checkout-errors.ts';
import { type CardSubmit, type ProviderFormProps, useMercadoPagoConfig } from './use-mercadopago.ts';

const CardBrick = lazy(() => import('./mercadopago-card-brick.tsx').then((x) => ({ default: x.CardBrick })));
const CardStandIn = lazy(() =>
  import('./mercadopago-card-stand-in.tsx').then((x) => ({ default: x.CardStandIn })),
);

/**
 * The checkout's step-2 slot for mp_card (payment-forms.ts). A refused card (CARD_INVALID: the
 * rejected attempt is kept in the registration's history) stays on this step with the error on the
 * form, so the member pays again (or corrects the card) without retyping it: the fields keep what
 * was typed. '« Voltar' goes back to the methods.
 */
export function MercadoPagoCardForm({ tier, submit, back }: ProviderFormProps) {
  const { config, failed } = useMercadoPagoConfig();
  const [error, setError] = useState<string | null>(null);
  const amount = tier.price;
  // the Brick's payer e-mail is only a default: the API charges the signed-in member's own
  const email = '';
  const onSubmit: CardSubmit = async (data) => {
    setError(null);
    try {
      await submit(data);
    } catch (failure) {
      setError(checkoutErrorText(failure));
      throw failure;
    }
  };
  const backButton = (
    <button type="button" className="button button-secondary" onClick={back}>
      {checkoutMessages.back}
    </button>
  );
  if (failed)
    return (
      <>
        <FormAlert>{m.sdkFailed}</FormAlert>
        {backButton}
      </>
    );
  const loading = <Spinner label={m.sdkLoading} />;
  if (!config) return loading;
  return (
    <section className="mp-step" aria-label={m.cardTitle}>
      <h2 className="mp-title">{m.cardTitle}</h2>
      {error && (
        <div data-testid="card-error">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <Suspense fallback={loading}>
        {config.simulated ? (
          <CardStandIn
            publicKey={config.publicKey}
            email={email}
            amountLabel={formatPrice(amount)}
            onSubmit={onSubmit}
          />
        ) : (
          <CardBrick publicKey={config.publicKey} email={email} amount={amount} onSubmit={onSubmit} />
        )}
      </Suspense>
      <div className="checkout-actions">{backButton}</div>
    </section>
  );
}
