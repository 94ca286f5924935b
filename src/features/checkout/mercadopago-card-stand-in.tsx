/**
 * Dev mode only: a local stand-in of Mercado Pago's Card Payment Brick. Like the Brick, it sends the
 * card to "Mercado Pago" (the host's fake, /_dev/mercadopago/v1/card_tokens) and hands the checkout
 * only the resulting token, in the Brick's onSubmit shape. Cardholder APRO approves, OTHE rejects,
 * CONT stays in process.
 */
import { parseCardExpiry, standInCardSchema } from '../../domain/mercadopago.ts';
import { mercadoPagoMessages as m } from '../../domain/messages/mercadopago.ts';
import { supabaseUrl } from '../../lib/config.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Form, useSchemaForm } from '../../ui/form.tsx';
import type { CardSubmit } from './use-mercadopago.ts';

export function CardStandIn({
  publicKey,
  email,
  amountLabel,
  onSubmit,
}: {
  publicKey: string;
  email: string;
  amountLabel: string;
  onSubmit: CardSubmit;
}) {
  const form = useSchemaForm({
    schema: standInCardSchema,
    defaultValues: { cardholderName: '', cardNumber: '', expiry: '', cvv: '', cpf: '' },
    async onSubmit(card) {
      const expiry = parseCardExpiry(card.expiry)!;
      const res = await fetch(
        `${supabaseUrl()}/_dev/mercadopago/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            card_number: card.cardNumber,
            expiration_month: expiry.month,
            expiration_year: expiry.year,
            security_code: card.cvv,
            cardholder: { name: card.cardholderName, identification: { type: 'CPF', number: card.cpf } },
          }),
        },
      ).catch(() => null);
      const token = res?.ok ? ((await res.json()) as { id: string; payment_method_id: string }) : null;
      // the Brick's own validation would stop here; the checkout answers the invalid-card error
      // refused: the error is on the form (MercadoPagoCardForm) and every field keeps what was
      // typed, valid as it was: a refusal is the bank's answer, not a typing error to retype
      await onSubmit({
        token: token?.id ?? 'invalid-card-token',
        payment_method_id: token?.payment_method_id ?? 'master',
        installments: 1,
        issuer_id: null,
        payer: { email, identification: { type: 'CPF', number: card.cpf } },
      }).catch(() => {});
    },
  });
  return (
    <Form form={form} className="mp-card">
      <FormAlert type="info">{m.standInNotice}</FormAlert>
      <form.AppField name="cardNumber">
        {(f) => (
          <f.MaskedField
            label={m.cardNumber}
            mask="0000 0000 0000 0[000]"
            inputMode="numeric"
            autoComplete="cc-number"
          />
        )}
      </form.AppField>
      <form.AppField name="cardholderName">
        {(f) => <f.TextField label={m.cardholderName} autoComplete="cc-name" />}
      </form.AppField>
      <div className="mp-card-row">
        <form.AppField name="expiry">
          {(f) => (
            <f.MaskedField label={m.cardExpiry} mask="00/00" inputMode="numeric" autoComplete="cc-exp" />
          )}
        </form.AppField>
        <form.AppField name="cvv">
          {(f) => <f.MaskedField label={m.cardCvv} mask="000[0]" inputMode="numeric" autoComplete="cc-csc" />}
        </form.AppField>
      </div>
      <form.AppField name="cpf">{(f) => <f.CpfField label={m.cardCpf} />}</form.AppField>
      <p className="mp-installments">
        {m.installments}: {m.installmentsOne}
      </p>
      <form.SubmitButton>{m.pay(amountLabel)}</form.SubmitButton>
    </Form>
  );
}
