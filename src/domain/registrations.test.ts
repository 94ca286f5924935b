import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  checkoutBodySchema,
  checkoutMethod,
  currentRegistration,
  fastpassIssuable,
  formatManualCode,
  formatVoucher,
  groupRegistrations,
  hasValidTicket,
  isActiveStatus,
  memberCanCancel,
  normalizeVoucher,
  numberedConfirmations,
  offeredMethods,
  reasonSchema,
  sniffReceiptType,
  statusLabel,
  ticketQrContent,
  voucherCodeSchema,
} from './registrations.ts';

describe('statuses', () => {
  it('labels every status as the spec does, anything else "Em processamento..."', () => {
    expect(['paid', 'analysis', 'pending', 'expired', 'rejected', 'canceled'].map(statusLabel)).toEqual([
      'Pago',
      'Em análise',
      'Pendente',
      'Expirado',
      'Rejeitado',
      'Cancelado',
    ]);
    expect(statusLabel('in_process')).toBe('Em processamento...');
    expect(statusLabel('toString')).toBe('Em processamento...');
  });

  it('counts pending, analysis and paid as holding a place', () => {
    expect(['pending', 'analysis', 'paid'].every(isActiveStatus)).toBe(true);
    expect(['rejected', 'canceled', 'expired', 'x'].some(isActiveStatus)).toBe(false);
  });
});

describe('transitions', () => {
  it('approves anything not paid, rejected or canceled', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('analysis', 'paid')).toBe(true);
    expect(canTransition('expired', 'paid')).toBe(true);
    expect(canTransition('rejected', 'paid')).toBe(false);
    expect(canTransition('canceled', 'paid')).toBe(false);
  });

  it('rejects and cancels anything not rejected or canceled', () => {
    for (const to of ['rejected', 'canceled'] as const) {
      expect(canTransition('pending', to)).toBe(true);
      expect(canTransition('paid', to)).toBe(true);
      expect(canTransition('rejected', to)).toBe(false);
      expect(canTransition('canceled', to)).toBe(false);
    }
  });

  it('expires only pending confirmations; a receipt moves pending to analysis; nothing goes back to pending', () => {
    expect(canTransition('pending', 'expired')).toBe(true);
    expect(canTransition('paid', 'expired')).toBe(false);
    expect(canTransition('analysis', 'expired')).toBe(false);
    expect(canTransition('pending', 'analysis')).toBe(true);
    expect(canTransition('paid', 'analysis')).toBe(false);
    expect(canTransition('analysis', 'pending')).toBe(false);
  });

  it('needs a reason of at least 3 characters (trimmed)', () => {
    expect(v.safeParse(reasonSchema, '  ab ').success).toBe(false);
    expect(v.parse(reasonSchema, ' abc ')).toBe('abc');
  });

  it('offers CANCELAR INSCRIÇÃO on pending cash/file/link/voucher only', () => {
    expect(memberCanCancel({ strategy: 'cash', status: 'pending' })).toBe(true);
    expect(memberCanCancel({ strategy: 'voucher', status: 'pending' })).toBe(true);
    expect(memberCanCancel({ strategy: 'file', status: 'analysis' })).toBe(false);
    expect(memberCanCancel({ strategy: 'mp_pix', status: 'pending' })).toBe(false);
    expect(memberCanCancel(undefined)).toBe(false);
  });
});

describe('current registration and groups', () => {
  const reg = (id: string, status: string, startsAt: string, createdAt = '2026-11-01T00:00:00Z') => ({
    id,
    event_id: 'e1',
    status,
    created_at: createdAt,
    event: { starts_at: startsAt },
  });
  const now = new Date('2026-11-24T12:00:00Z');

  it('ignores rejected, canceled and expired registrations', () => {
    const regs = [reg('a', 'rejected', '2026-12-01T00:00:00Z'), reg('b', 'expired', '2026-12-01T00:00:00Z')];
    expect(currentRegistration(regs, 'e1')).toBeUndefined();
    expect(currentRegistration([...regs, reg('c', 'analysis', '2026-12-01T00:00:00Z')], 'e1')?.id).toBe('c');
  });

  it('groups: paid and future → active; pending/analysis and future → pending; rejected, expired, canceled → unfinished; started → past', () => {
    const g = groupRegistrations(
      [
        reg('paid-later', 'paid', '2026-12-20T00:00:00Z'),
        reg('paid-soon', 'paid', '2026-12-01T00:00:00Z'),
        reg('pending', 'pending', '2026-12-01T00:00:00Z'),
        reg('rejected', 'rejected', '2026-12-01T00:00:00Z'),
        reg('analysis', 'analysis', '2026-12-02T00:00:00Z'),
        reg('expired', 'expired', '2026-12-03T00:00:00Z'),
        reg('canceled', 'canceled', '2026-12-04T00:00:00Z'),
        reg('past-old', 'paid', '2026-01-01T00:00:00Z'),
        reg('past-new', 'pending', '2026-11-24T11:00:00Z'),
      ],
      now,
    );
    expect(g.active.map((r) => r.id)).toEqual(['paid-soon', 'paid-later']);
    expect(g.pending.map((r) => r.id)).toEqual(['pending', 'analysis']);
    expect(g.unfinished.map((r) => r.id)).toEqual(['rejected', 'expired', 'canceled']);
    expect(g.now.map((r) => r.id)).toEqual(['past-new']); // started an hour ago: under way
    expect(g.past.map((r) => r.id)).toEqual(['past-old']);
  });

  it("groups: an event under way (tonight's ticket) comes first, 'Acontecendo agora'", () => {
    const tonight = { starts_at: '2026-11-24T22:00:00Z', checkin_starts_at: '2026-11-24T11:00:00Z' };
    const g = groupRegistrations(
      [
        { ...reg('tonight', 'paid', ''), event: tonight },
        { ...reg('tonight-rejected', 'rejected', ''), event: tonight },
        { ...reg('started', 'paid', '2026-11-24T10:00:00Z') },
        { ...reg('yesterday', 'paid', '2026-11-23T10:00:00Z') },
      ],
      now,
    );
    expect(g.now.map((r) => r.id)).toEqual(['started', 'tonight']);
    expect(g.unfinished.map((r) => r.id)).toEqual(['tonight-rejected']);
    expect(g.past.map((r) => r.id)).toEqual(['yesterday']);
  });

  it("groups: a removed event's registration is in its own group and holds no valid ticket", () => {
    const removed = { ...reg('removed', 'paid', '2026-12-01T00:00:00Z') };
    removed.event = { starts_at: '2026-12-01T00:00:00Z', deleted_at: '2026-11-20T00:00:00Z' } as never;
    const g = groupRegistrations([removed], now);
    expect(g.removed.map((r) => r.id)).toEqual(['removed']);
    expect(g.active).toEqual([]);
    expect(hasValidTicket(removed)).toBe(false);
    expect(hasValidTicket(reg('ok', 'paid', '2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('numbers confirmations in creation order, newest first', () => {
    const confirmations = numberedConfirmations([
      { id: 'b', created_at: '2026-11-02T00:00:00Z' },
      { id: 'a', created_at: '2026-11-01T00:00:00Z' },
      { id: 'c', created_at: '2026-11-03T00:00:00Z' },
    ]);
    expect(confirmations.map((a) => [a.confirmation.id, a.number])).toEqual([
      ['c', 3],
      ['b', 2],
      ['a', 1],
    ]);
  });
});

describe('methods offered', () => {
  const event = { allowed_payment_methods: ['mp_pix', 'cash', 'file', 'voucher', 'open'] };

  it('is the event allowed minus the tier restricted, never open on a paid tier', () => {
    expect(
      offeredMethods(event, { price: 1000, restricted_payment_methods: ['cash'], payment_link: null }),
    ).toEqual(['mp_pix', 'file', 'voucher']);
  });

  it('offers the payment link only on a tier that has one', () => {
    const withLink = { allowed_payment_methods: ['cash', 'link'] };
    const tier = { price: 1000, restricted_payment_methods: [] };
    expect(offeredMethods(withLink, { ...tier, payment_link: null })).toEqual(['cash']);
    expect(offeredMethods(withLink, { ...tier, payment_link: '  ' })).toEqual(['cash']);
    expect(offeredMethods(withLink, { ...tier, payment_link: 'https://pag.ae/x' })).toEqual(['cash', 'link']);
  });

  it('a free tier needs none, and its checkout is open whatever was asked', () => {
    expect(offeredMethods(event, { price: 0, restricted_payment_methods: [], payment_link: null })).toEqual(
      [],
    );
    expect(checkoutMethod([], 0, 'cash')).toBe('open');
    expect(checkoutMethod(['cash'], 100, 'cash')).toBe('cash');
    expect(checkoutMethod(['cash'], 100, 'file')).toBeNull();
    expect(checkoutMethod(['cash'], 100, 'bitcoin')).toBeNull();
    expect(checkoutMethod(['cash'], 100, undefined)).toBeNull();
  });

  it('Fastpass is issuable until one hour before the event', () => {
    const starts = '2026-11-24T20:00:00Z';
    expect(fastpassIssuable(starts, new Date('2026-11-24T19:00:00Z'))).toBe(true);
    expect(fastpassIssuable(starts, new Date('2026-11-24T19:00:01Z'))).toBe(false);
  });
});

describe('voucher, manual code, QR', () => {
  it('normalises to unmasked lower case and formats XXXX-XXXX', () => {
    expect(normalizeVoucher('ab12-CD34')).toBe('ab12cd34');
    expect(formatVoucher('ab12cd34')).toBe('AB12-CD34');
    expect(formatVoucher('ab1')).toBe('AB1');
    expect(formatVoucher('ab12c')).toBe('AB12-C');
    expect(formatVoucher('ab12cd34ef')).toBe('AB12-CD34');
  });

  it('takes exactly 8 characters with the spec message', () => {
    expect(v.parse(voucherCodeSchema, 'AB12-CD34')).toBe('ab12cd34');
    const short = v.safeParse(voucherCodeSchema, 'AB12-CD3');
    expect(short.success).toBe(false);
    expect(short.issues?.[0]?.message).toBe('O campo deve ter exatamente 8 caracteres');
  });

  it('shows the manual code ###-### and encodes checkin:{id}', () => {
    expect(formatManualCode('042731')).toBe('042-731');
    expect(ticketQrContent('abc')).toBe('checkin:abc');
  });
});

describe('checkout request', () => {
  const tierId = '7a1b2c3d-0000-4000-8000-000000000001';

  it('takes method, tier and provider data, and no amount', () => {
    const out = v.parse(checkoutBodySchema, { paymentMethod: 'cash', tierId, amount: 1 });
    expect(out).toEqual({ paymentMethod: 'cash', tierId });
    expect(v.safeParse(checkoutBodySchema, { tierId: 'x' }).success).toBe(false);
  });
});

describe('receipt sniffing', () => {
  const bytes = (...b: (number | string)[]) =>
    new Uint8Array(b.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

  it('knows JPEG, PNG, WEBP, HEIC and PDF by their first bytes', () => {
    expect(sniffReceiptType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffReceiptType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffReceiptType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp');
    expect(sniffReceiptType(bytes(0, 0, 0, 24, 'ftypheic'))).toBe('image/heic');
    expect(sniffReceiptType(bytes('%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses anything else (HTML named .png, executables, empty)', () => {
    expect(sniffReceiptType(bytes('<html>'))).toBeNull();
    expect(sniffReceiptType(bytes('MZ', 0x90))).toBeNull();
    expect(sniffReceiptType(new Uint8Array())).toBeNull();
  });
});
