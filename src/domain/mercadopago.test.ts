import { describe, expect, it } from 'vitest';
import { confirmationStatusForPayment, providerMayMove } from './mercadopago.ts';

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

  it('only open attempts move, an expired PIX may still be paid, nothing leaves paid/rejected/canceled', () => {
    expect(providerMayMove('pending', 'paid')).toBe(true);
    expect(providerMayMove('pending', 'expired')).toBe(true);
    expect(providerMayMove('analysis', 'rejected')).toBe(true);
    expect(providerMayMove('expired', 'paid')).toBe(true);
    expect(providerMayMove('expired', 'rejected')).toBe(false);
    expect(providerMayMove('pending', 'pending')).toBe(false);
    for (const done of ['paid', 'rejected', 'canceled'] as const) {
      for (const to of ['paid', 'rejected', 'expired'] as const)
        expect(providerMayMove(done, to)).toBe(false);
    }
  });
});
