/**
 * Card through Mercado Pago: the browser's Brick (or its local stand-in) turned the card into a
 * token; after commit we charge the frozen value with the attempt's id as idempotency key (a retried
 * checkout never charges twice). Approved → paid at once; rejected or a refused token → the attempt
 * is rejected (the place goes back) and the checkout answers CARD_INVALID, so the screen returns to
 * step 1; in process → stays pending until the webhook says more.
 */
import { cardPaymentDataSchema } from '../../../../../src/domain/mercadopago.ts';
import { mercadoPagoMessages } from '../../../../../src/domain/messages/mercadopago.ts';
import { ApiHttpError } from '../../../lib/errors.ts';
import { parseOrThrow } from '../../../lib/validate.ts';
import { PaymentGatewayError, type ProviderPayment } from '../../../ports/index.ts';
import { transitionConfirmation } from '../../confirmations/confirmation-transitions.ts';
import { applyProviderPayment } from '../../mercadopago/mercadopago.service.ts';
import { paymentBasics } from './mercadopago-payer.ts';
import type { CheckoutMethodHandler } from './method.ts';

export const mpCardMethod: CheckoutMethodHandler = {
  start: ({ body }) => {
    const card = parseOrThrow(cardPaymentDataSchema, body.transactionData ?? {});
    return {
      status: 'pending',
      requestData: { payment_method_id: card.payment_method_id, installments: card.installments },
    };
  },

  async afterCommit(ctx, confirmation) {
    const card = parseOrThrow(cardPaymentDataSchema, ctx.body.transactionData ?? {});
    const basics = await paymentBasics(ctx);
    const identification = card.payer?.identification;
    let payment: ProviderPayment;
    try {
      payment = await ctx.ports.payments.createPayment({
        ...basics,
        payer: { ...basics.payer, ...(identification ? { identification } : {}) },
        idempotencyKey: confirmation.id,
        externalReference: confirmation.id,
        method: 'mp_card',
        card: {
          token: card.token,
          paymentMethodId: card.payment_method_id,
          installments: card.installments,
          ...(card.issuer_id ? { issuerId: String(card.issuer_id) } : {}),
        },
      });
    } catch (error) {
      const refused = error instanceof PaymentGatewayError && error.kind === 'refused';
      if (!refused) console.error('[mercadopago] card payment failed', error);
      await transitionConfirmation(ctx.ports.db, {
        confirmationId: confirmation.id,
        to: 'rejected',
        reason: refused ? mercadoPagoMessages.reasonCardRefused : mercadoPagoMessages.reasonGatewayDown,
        responseData: { provider_error: error instanceof PaymentGatewayError ? error.kind : 'unknown' },
      });
      throw refused ? new ApiHttpError(422, 'CARD_INVALID') : new ApiHttpError(502, 'INTERNAL');
    }
    const applied = await applyProviderPayment(ctx.ports.db, payment);
    if (payment.status === 'rejected' || payment.status === 'cancelled')
      throw new ApiHttpError(422, 'CARD_INVALID');
    const status = applied.outcome === 'ignored' ? confirmation.status : applied.status;
    return {
      ...confirmation,
      status,
      transaction_id: payment.id,
      response_data: {
        ...confirmation.response_data,
        provider_status: payment.status,
        provider_status_detail: payment.statusDetail,
      },
    };
  },
};
