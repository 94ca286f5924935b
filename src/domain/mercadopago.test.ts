import { describe, expect, it } from 'vitest';
import { confirmationStatusForPayment, isOpenConfirmation } from './mercadopago.ts';

describe('confirmationStatusForPayment', () => {
  it('maps Mercado Pago statuses to our confirmation statuses', () => {
    expect(confirmationStatusForPayment('approved', 'accredited')).toBe('paid');
    expect(confirmationStatusForPayment('rejected', 'cc_rejected_other_reason')).toBe('rejected');
    expect(confirmationStatusForPayment('cancelled', 'expired')).toBe('expired');
    expect(confirmationStatusForPayment('cancelled', 'by_collector')).toBe('rejected');
    for (const waiting of ['pending', 'in_process', 'authorized', 'in_mediation', 'refunded']) {
      expect(confirmationStatusForPayment(waiting, ''), waiting).toBeNull();
    }
  });

  it('only pending and analysis attempts can still move', () => {
    expect(isOpenConfirmation('pending')).toBe(true);
    expect(isOpenConfirmation('analysis')).toBe(true);
    for (const done of ['paid', 'rejected', 'canceled', 'expired'] as const) expect(isOpenConfirmation(done)).toBe(false);
  });
});
