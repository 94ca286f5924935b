import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  confirmationStatusForPayment,
  luhnValid,
  parseCardExpiry,
  providerMayMove,
  standInCardSchema,
} from './mercadopago.ts';

describe('confirmationStatusForPayment', () => {
  it('maps Mercado Pago statuses to our confirmation statuses', () => {
    expect(confirmationStatusForPayment('approved', 'accredited')).toBe('paid');
    expect(confirmationStatusForPayment('rejected', 'cc_rejected_other_reason')).toBe('rejected');
    expect(confirmationStatusForPayment('cancelled', 'expired')).toBe('expired');
    expect(confirmationStatusForPayment('cancelled', 'by_collector')).toBe('rejected');
    expect(confirmationStatusForPayment('refunded', 'refunded')).toBe('refunded');
    expect(confirmationStatusForPayment('charged_back', 'settled')).toBe('charged_back');
    for (const waiting of ['pending', 'in_process', 'authorized', 'in_mediation']) {
      expect(confirmationStatusForPayment(waiting, ''), waiting).toBeNull();
    }
  });

  it('only open confirmations move, an expired PIX may still be paid, nothing leaves paid/rejected/canceled', () => {
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

  it('money goes back out of a paid confirmation only; a chargeback may follow a refund', () => {
    expect(providerMayMove('paid', 'refunded')).toBe(true);
    expect(providerMayMove('paid', 'charged_back')).toBe(true);
    expect(providerMayMove('refunded', 'charged_back')).toBe(true);
    for (const from of ['pending', 'analysis', 'expired', 'rejected', 'canceled', 'charged_back'] as const)
      expect(providerMayMove(from, 'refunded'), from).toBe(false);
    expect(providerMayMove('refunded', 'paid')).toBe(false);
  });
});

describe('the stand-in card form', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('checks the card number (Luhn) and the expiry month', () => {
    expect(luhnValid('5031433215406351')).toBe(true);
    expect(luhnValid('4235647728025682')).toBe(true);
    expect(luhnValid('5031433215406352')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
    expect(parseCardExpiry('11/30', now)).toEqual({ month: 11, year: 2030 });
    expect(parseCardExpiry('03/26', now)).toEqual({ month: 3, year: 2026 });
    expect(parseCardExpiry('02/26', now)).toBeNull();
    expect(parseCardExpiry('13/30', now)).toBeNull();
    expect(parseCardExpiry('1130', now)).toBeNull();
  });

  it('gives digits only and pt-BR messages', () => {
    const ok = v.safeParse(standInCardSchema, {
      cardholderName: ' APRO ',
      cardNumber: '5031 4332 1540 6351',
      expiry: '11/30',
      cvv: '123',
      cpf: '123.456.789-09',
    });
    expect(ok.success && ok.output).toEqual({
      cardholderName: 'APRO',
      cardNumber: '5031433215406351',
      expiry: '11/30',
      cvv: '123',
      cpf: '12345678909',
    });
    const bad = v.safeParse(standInCardSchema, {
      cardholderName: '',
      cardNumber: '5031 4332 1540 6352',
      expiry: '99/99',
      cvv: '1',
      cpf: '111.111.111-11',
    });
    expect(bad.issues?.map((i) => i.message)).toEqual([
      'Campo obrigatório',
      'Número de cartão inválido',
      'Validade inválida',
      'CVV inválido',
      'Insira um CPF válido',
    ]);
  });
});
