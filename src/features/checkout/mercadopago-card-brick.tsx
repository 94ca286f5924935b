/**
 * Production: Mercado Pago's Card Payment Brick. The SDK (https://sdk.mercadopago.com/js/v2) is
 * injected only when this step opens (this module is itself a lazy chunk), the card fields live in
 * Mercado Pago's frames, and `onSubmit` gets the Brick's payload (token, payment_method_id,
 * installments, issuer_id, payer). Leaving the step unmounts the Brick.
 */
import { loadMercadoPago } from '@mercadopago/sdk-js';
import { useEffect, useId, useRef, useState } from 'react';
import type { CardPaymentData } from '../../domain/mercadopago.ts';
import { mercadoPagoMessages as m } from '../../domain/messages/mercadopago.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { CardSubmit } from './use-mercadopago.ts';

interface BrickController {
  unmount(): void;
}
interface MercadoPagoInstance {
  bricks(): {
    create(brick: 'cardPayment', containerId: string, settings: unknown): Promise<BrickController>;
  };
}
type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;

export function CardBrick({
  publicKey,
  email,
  amount,
  onSubmit,
}: {
  publicKey: string;
  email: string;
  amount: number;
  onSubmit: CardSubmit;
}) {
  const containerId = `mp-card-brick-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // the latest onSubmit, read at submit time: a new one (the form re-renders with a refusal's
  // error) must not remount the Brick, which would empty the card the member typed
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;
  useEffect(() => {
    let controller: BrickController | null = null;
    let alive = true;
    (async () => {
      await loadMercadoPago();
      const MercadoPago = (window as unknown as { MercadoPago?: MercadoPagoConstructor }).MercadoPago;
      if (!MercadoPago) throw new Error('MercadoPago.js not available');
      const mp = new MercadoPago(publicKey, { locale: 'pt-BR' });
      const created = await mp.bricks().create('cardPayment', containerId, {
        initialization: { amount: amount / 100, payer: { email } },
        customization: { paymentMethods: { maxInstallments: 1 } },
        callbacks: {
          onReady: () => alive && setState('ready'),
          // the Brick shows its own spinner until this settles; errors are shown by the checkout
          onSubmit: (data: CardPaymentData) => submitRef.current(data),
          onError: (error: unknown) => console.error('[mercadopago] brick', error),
        },
      });
      if (alive) controller = created;
      else created.unmount();
    })().catch((error) => {
      console.error('[mercadopago] SDK', error);
      if (alive) setState('failed');
    });
    return () => {
      alive = false;
      controller?.unmount();
    };
  }, [publicKey, email, amount, containerId]);
  return (
    <>
      {state === 'loading' && <Spinner label={m.sdkLoading} />}
      {state === 'failed' && <FormAlert>{m.sdkFailed}</FormAlert>}
      <div id={containerId} />
    </>
  );
}
