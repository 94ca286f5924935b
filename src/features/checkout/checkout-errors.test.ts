import { describe, expect, it } from 'vitest';
import { checkoutErrorText } from './checkout-errors.ts';

describe('checkoutErrorText', () => {
  it('shows the spec text of each checkout code', () => {
    expect(checkoutErrorText({ code: 'TIER_UNAVAILABLE', message: 'x' })).toBe(
      'Opss... as inscrições desse lote esgotaram',
    );
    expect(checkoutErrorText({ code: 'ALREADY_REGISTERED', message: 'x' })).toBe(
      'Você já tem uma inscrição para esse evento!',
    );
    expect(checkoutErrorText({ code: 'INVALID_PAYMENT_METHOD' })).toBe('Método de pagamento inválido');
    expect(checkoutErrorText({ code: 'INVALID_DATA' })).toBe('Dados inválidos');
    expect(checkoutErrorText({ code: 'PIX_FAIL' })).toBe(
      'Ocorreu um erro ao processar o PIX. Tente novamente mais tarde!',
    );
  });

  it('else the server message, else the generic text', () => {
    expect(checkoutErrorText({ code: 'INVALID_TIER_OR_EVENT', message: 'Lote ou evento inválido' })).toBe(
      'Lote ou evento inválido',
    );
    expect(checkoutErrorText(new Error(''))).toBe(
      'Ocorreu um erro inesperado. Tente novamente em alguns momentos.',
    );
  });
});
