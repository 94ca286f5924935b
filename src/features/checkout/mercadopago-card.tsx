/**
 * Step 2 for mp_card: Mercado Pago's Card Payment Brick in production, or its local stand-in when
 * the API's payments are the dev fake. Either hands `onSubmit` the Brick's payload (a token, never
 * the card), which the checkout sends as `transactionData`.
 */
import './mercadopago.css';
import { lazy, Suspense } from 'react';
import { mercadoPagoMessages as m } from '../../domain/messages/mercadopago.ts';
import { formatPrice } from '../../domain/money.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type CardSubmit, type ProviderFormProps, useMercadoPagoConfig } from './use-mercadopago.ts';

const CardBrick = lazy(() => import('./mercadopago-card-brick.tsx').then((x) => ({ default: x.CardBrick })));
const CardStandIn = lazy(() =>
  import('./mercadopago-card-stand-in.tsx').then((x) => ({ default: x.CardStandIn })),
);

/**
 * The checkout's step-2 slot for mp_card (payment-forms.ts). An invalid card (CARD_INVALID) returns
 * to step 1, as the spec says; the checkout screen has already shown the error.
 */
export function MercadoPagoCardForm({ tier, submit, back }: ProviderFormProps) {
  const { config, failed } = useMercadoPagoConfig();
  const amount = tier.price;
  // the Brick's payer e-mail is only a default: the API charges the signed-in member's own
  const email = '';
  const onSubmit: CardSubmit = async (data) => {
    try {
      await submit(data);
    } catch (error) {
      if ((error as { code?: unknown })?.code === 'CARD_INVALID') back();
    }
  };
  if (failed) return <FormAlert>{m.sdkFailed}</FormAlert>;
  const loading = <Spinner label={m.sdkLoading} />;
  if (!config) return loading;
  return (
    <section className="mp-step" aria-label={m.cardTitle}>
      <h2 className="mp-title">{m.cardTitle}</h2>
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
    </section>
  );
}
