import { describe, expect, it } from 'vitest';
import { adminActions } from './admin-registrations.ts';
import { refundMessages } from './messages/refunds.ts';
import { memberMayRefund, refundMethodFor, withdrawalEndsAt } from './refunds.ts';

describe('staff buttons', () => {
  it("a paid confirmation with money offers 'Reembolsar' instead of 'Excluir'", () => {
    expect(adminActions({ strategy: 'mp_card', status: 'paid' })).toEqual(['refund']);
    expect(adminActions({ strategy: 'cash', status: 'paid' })).toEqual(['refund']);
    expect(adminActions({ strategy: 'voucher', status: 'paid' })).toEqual(['cancel']);
    expect(adminActions({ strategy: 'cash', status: 'pending' })).toEqual(['approve', 'reject', 'cancel']);
    expect(adminActions({ strategy: 'mp_pix', status: 'refunded' })).toEqual([]);
  });
});

describe('the right of withdrawal', () => {
  const paidAt = '2026-03-01T12:00:00.000Z';
  const eventStartsAt = '2026-04-01T22:00:00.000Z';
  const base = { status: 'paid', strategy: 'mp_pix', paidAt, eventStartsAt, withdrawalDays: 7 };

  it('ends 7 days after payment, or when the event starts if sooner', () => {
    expect(withdrawalEndsAt(paidAt, eventStartsAt, 7)).toBe('2026-03-08T12:00:00.000Z');
    expect(withdrawalEndsAt(paidAt, '2026-03-03T00:00:00.000Z', 7)).toBe('2026-03-03T00:00:00.000Z');
  });

  it('the member may refund card and PIX inside the period only', () => {
    expect(memberMayRefund({ ...base, now: new Date('2026-03-08T11:59:59Z') })).toBe(true);
    expect(memberMayRefund({ ...base, now: new Date('2026-03-08T12:00:00Z') })).toBe(false);
    expect(memberMayRefund({ ...base, strategy: 'mp_card', now: new Date('2026-03-02T00:00:00Z') })).toBe(
      true,
    );
    expect(memberMayRefund({ ...base, strategy: 'file', now: new Date('2026-03-02T00:00:00Z') })).toBe(false);
    expect(memberMayRefund({ ...base, status: 'pending', now: new Date('2026-03-02T00:00:00Z') })).toBe(
      false,
    );
    expect(memberMayRefund({ ...base, withdrawalDays: 0, now: new Date('2026-03-01T12:00:01Z') })).toBe(
      false,
    );
    expect(
      memberMayRefund({
        ...base,
        eventStartsAt: '2026-03-02T00:00:00Z',
        now: new Date('2026-03-02T00:00:01Z'),
      }),
    ).toBe(false);
  });

  it('knows how each method goes back, and says the rule before payment', () => {
    expect(refundMethodFor('mp_pix')).toBe('mercadopago');
    expect(refundMethodFor('cash')).toBe('manual');
    expect(refundMethodFor('voucher')).toBeNull();
    expect(refundMessages.rule(7)).toContain('até 7 dias após o pagamento');
    expect(refundMessages.rule(1)).toContain('até 1 dia após');
    expect(refundMessages.rule(0)).toContain('não aceita cancelamento com reembolso');
  });
});

describe('the congregation CSV carries the money', () => {
  it('received, refunded and net in reais', async () => {
    const { templesCsv } = await import('./reports.ts');
    const csv = templesCsv([
      {
        id: null,
        name: null,
        regional: 'custom',
        cnt: 1,
        total: 1,
        received: 3000,
        refunded: 1000,
        net: 2000,
      },
    ]);
    expect(csv).toContain('Recebido (R$);Reembolsado (R$);Líquido (R$)');
    expect(csv).toContain('30,00;10,00;20,00');
  });
});
