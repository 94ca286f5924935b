/**
 * PIX through Mercado Pago: the attempt starts pending with its expiry; after commit Mercado Pago
 * makes the copy-and-paste code and QR (kept in request_data) for the frozen value, with the
 * attempt's id as idempotency key. If Mercado Pago fails, the attempt is rejected (the place goes
 * back) and the checkout answers PIX_FAIL. Paid by the webhook; expired by the sweep.
 */
import { PIX_EXPIRY_MINUTES } from '../../../../../src/domain/mercadopago.ts';
import { mercadoPagoMessages } from '../../../../../src/domain/messages/mercadopago.ts';
import { exec, qb } from '../../../db/kysely.ts';
import { ApiHttpError } from '../../../lib/errors.ts';
import { PaymentGatewayError, type ProviderPayment } from '../../../ports/index.ts';
import { transitionConfirmation } from '../../confirmations/confirmation-transitions.ts';
import { paymentBasics } from './mercadopago-payer.ts';
import type { CheckoutMethodHandler } from './method.ts';

export const mpPixMethod: CheckoutMethodHandler = {
  start: ({ now }) => ({
    status: 'pending',
    expiresAt: new Date(now.getTime() + PIX_EXPIRY_MINUTES * 60_000),
  }),

  async afterCommit(ctx, confirmation) {
    const expiresAt =
      confirmation.expires_at ?? new Date(ctx.now.getTime() + PIX_EXPIRY_MINUTES * 60_000).toISOString();
    let payment: ProviderPayment;
    try {
      payment = await ctx.ports.payments.createPayment({
        ...(await paymentBasics(ctx)),
        idempotencyKey: confirmation.id,
        externalReference: confirmation.id,
        method: 'mp_pix',
        expiresAt,
      });
      if (!payment.pix?.qrCode) throw new PaymentGatewayError('unavailable', 502, 'PIX without a code');
    } catch (error) {
      console.error('[mercadopago] PIX failed', error);
      await transitionConfirmation(ctx.ports.db, {
        confirmationId: confirmation.id,
        to: 'rejected',
        reason: mercadoPagoMessages.reasonPixFailed,
        responseData: { provider_error: error instanceof PaymentGatewayError ? error.kind : 'unknown' },
      });
      throw new ApiHttpError(502, 'PIX_FAIL');
    }
    const requestData = {
      ...confirmation.request_data,
      qr_code: payment.pix.qrCode,
      qr_code_base64: payment.pix.qrCodeBase64,
    };
    const expires = payment.pix.expiresAt ?? expiresAt;
    await exec(
      ctx.ports.db,
      qb
        .updateTable('registration_confirmations')
        .set({ transaction_id: payment.id, request_data: requestData, expires_at: expires })
        .where('id', '=', confirmation.id),
    );
    return { ...confirmation, transaction_id: payment.id, request_data: requestData, expires_at: expires };
  },
};
