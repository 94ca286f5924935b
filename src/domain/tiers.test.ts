import { describe, expect, it } from 'vitest';
import { eventMessages } from './messages.ts';
import { currentRegistration } from './registrations.ts';
import { caravanAllowed, isFastpassTier, sortTiers, tierAction, tierDisplay, tierStatus } from './tiers.ts';
import type { MyRegistration, PricingTier } from './types.ts';

const now = new Date('2026-11-10T15:00:00.000Z'); // 12:00 in São Paulo
const past = '2026-11-01T22:30:00.000Z'; // 01/11/2026 19:30
const future = '2026-11-20T13:00:00.000Z'; // 20/11/2026 10:00

function tier(overrides: Partial<PricingTier> = {}): PricingTier {
  return {
    id: 't1',
    event_id: 'e1',
    name: '1º Lote',
    description: null,
    price: 5000,
    order: 1,
    starts_at: null,
    ends_at: null,
    available: null,
    total: null,
    restricted_payment_methods: [],
    custom_pix_key: null,
    payment_link: null,
    ...overrides,
  };
}

describe('tierStatus: evaluated WAITING → SOLD_OUT → FINISHED → AVAILABLE', () => {
  it('WAITING wins over everything when the start is in the future', () => {
    expect(tierStatus(tier({ starts_at: future, available: 0, ends_at: past }), now)).toBe('WAITING');
  });

  it('SOLD_OUT wins over FINISHED', () => {
    expect(tierStatus(tier({ starts_at: past, available: 0, ends_at: past }), now)).toBe('SOLD_OUT');
    expect(tierStatus(tier({ available: -1 }), now)).toBe('SOLD_OUT');
  });

  it('FINISHED when the end has passed and places remain', () => {
    expect(tierStatus(tier({ available: 3, ends_at: past }), now)).toBe('FINISHED');
  });

  it('AVAILABLE otherwise; unknown availability (null) is not sold out', () => {
    expect(tierStatus(tier(), now)).toBe('AVAILABLE');
    expect(tierStatus(tier({ available: null, starts_at: past, ends_at: future }), now)).toBe('AVAILABLE');
    expect(tierStatus(tier({ available: 1 }), now)).toBe('AVAILABLE');
  });

  it('a start exactly now is not in the future; an end exactly now has passed', () => {
    expect(tierStatus(tier({ starts_at: now.toISOString() }), now)).toBe('AVAILABLE');
    expect(tierStatus(tier({ ends_at: now.toISOString() }), now)).toBe('FINISHED');
  });
});

describe('tierDisplay texts (product-spec.md §4 wording)', () => {
  it('WAITING: Disponível em {date}', () => {
    expect(tierDisplay(tier({ starts_at: future }), now).lines).toEqual(['Disponível em 20/11/2026 10:00']);
  });

  it('FINISHED: Encerrado em {date}', () => {
    expect(tierDisplay(tier({ ends_at: past }), now).lines).toEqual(['Encerrado em 01/11/2026 19:30']);
  });

  it('SOLD_OUT: Esgotado', () => {
    const d = tierDisplay(tier({ available: 0, total: 100 }), now);
    expect(d).toEqual({ status: 'SOLD_OUT', actualStatus: 'SOLD_OUT', lines: ['Esgotado'], open: false });
  });

  it('AVAILABLE with an end: Encerra em {date}', () => {
    const d = tierDisplay(tier({ ends_at: future }), now);
    expect(d.status).toBe('AVAILABLE');
    expect(d.open).toBe(true);
    expect(d.lines).toEqual(['Encerra em 20/11/2026 10:00']);
  });

  it('AVAILABLE with a total: Quantidade limitada! Inscreva-se agora! once at most half is left', () => {
    expect(tierDisplay(tier({ total: 50, available: 10 }), now).lines).toEqual([
      'Quantidade limitada! Inscreva-se agora!',
    ]);
    expect(tierDisplay(tier({ total: 50, available: 25 }), now).lines).toEqual([eventMessages.limited]);
    // 50 of 50 (or 26 of 50) free: nothing to hurry for
    expect(tierDisplay(tier({ total: 50, available: 50 }), now).lines).toEqual([]);
    expect(tierDisplay(tier({ total: 50, available: 26 }), now).lines).toEqual([]);
  });

  it('choice: AVAILABLE with both an end and a total shows both texts, the end first', () => {
    expect(tierDisplay(tier({ total: 50, available: 10, ends_at: future }), now).lines).toEqual([
      'Encerra em 20/11/2026 10:00',
      'Quantidade limitada! Inscreva-se agora!',
    ]);
  });

  it('AVAILABLE with neither shows no status text', () => {
    expect(tierDisplay(tier(), now).lines).toEqual([]);
  });
});

describe('Fastpass exception', () => {
  it('recognises the tier named Fastpass', () => {
    expect(isFastpassTier({ name: 'Fastpass' })).toBe(true);
    expect(isFastpassTier({ name: ' fastpass ' })).toBe(true);
    expect(isFastpassTier({ name: 'Fastpass VIP' })).toBe(false);
  });

  it('a sold-out Fastpass still looks AVAILABLE, shows the first-come text and cannot be registered on', () => {
    const d = tierDisplay(tier({ name: 'Fastpass', price: 0, available: 0, total: 200 }), now);
    expect(d.status).toBe('AVAILABLE');
    expect(d.actualStatus).toBe('SOLD_OUT');
    expect(d.lines).toEqual([eventMessages.fastpassSoldOut]);
    expect(d.lines[0]).toBe('Reservas esgotadas! Ainda haverá lugares sem reserva, por ordem de chegada.');
    expect(d.open).toBe(false);
  });

  it('a Fastpass not sold out follows the normal rules', () => {
    expect(tierDisplay(tier({ name: 'Fastpass', available: 5, total: 200 }), now).lines).toEqual([
      eventMessages.limited,
    ]);
    expect(tierDisplay(tier({ name: 'Fastpass', available: 0, starts_at: future }), now).status).toBe(
      'WAITING',
    );
    expect(tierDisplay(tier({ name: 'Esgotado', available: 0 }), now).status).toBe('SOLD_OUT');
  });
});

function reg(overrides: Partial<MyRegistration>): MyRegistration {
  return {
    id: 'r1',
    seq: '123456',
    user_id: 'u1',
    tier_id: 't1',
    event_id: 'e1',
    frozen_value: 5000,
    status: 'paid',
    created_at: '2026-11-01T10:00:00Z',
    event: {
      id: 'e1',
      title: 'Evento',
      starts_at: '2026-12-01T22:00:00.000Z',
      image: null,
      checkin_policy: 'none',
      checkin_starts_at: null,
      checkin_ends_at: null,
      deleted_at: null,
    },
    tier: { id: 't1', name: 'Lote', price: 0, payment_link: null, custom_pix_key: null },
    confirmations: [],
    ...overrides,
  };
}

describe('currentRegistration', () => {
  it('ignores rejected and canceled registrations and other events', () => {
    const regs = [
      reg({ id: 'a', status: 'rejected' }),
      reg({ id: 'b', status: 'canceled' }),
      reg({ id: 'c', event_id: 'other', status: 'paid' }),
    ];
    expect(currentRegistration(regs, 'e1')).toBeUndefined();
    expect(currentRegistration([...regs, reg({ id: 'd', status: 'pending' })], 'e1')?.id).toBe('d');
    // an expired PIX gave its place back: history, like rejected and canceled
    expect(currentRegistration([reg({ id: 'e', status: 'expired' })], 'e1')).toBeUndefined();
    expect(currentRegistration(undefined, 'e1')).toBeUndefined();
  });

  it('prefers the newest active one', () => {
    const regs = [
      reg({ id: 'old', status: 'expired', created_at: '2026-10-01T00:00:00Z' }),
      reg({ id: 'new', status: 'pending', created_at: '2026-11-02T00:00:00Z' }),
    ];
    expect(currentRegistration(regs, 'e1')?.id).toBe('new');
  });
});

describe('tierAction', () => {
  const open = { open: true };
  const closed = { open: false };

  it('guests on an open tier get login and signup links carrying redirectTo to the event', () => {
    expect(tierAction(tier(), open, { signedIn: false, registration: undefined })).toEqual({
      kind: 'login',
      loginHref: '/auth/login?redirectTo=%2Fevents%2Fe1',
      signupHref: '/auth/signup?redirectTo=%2Fevents%2Fe1',
    });
  });

  it('signed-in users without a registration go to checkout', () => {
    expect(tierAction(tier(), open, { signedIn: true, registration: undefined })).toEqual({
      kind: 'register',
      href: '/checkout/e1/t1',
    });
  });

  it('the tier of the current registration links to it, other tiers offer nothing', () => {
    const registration = reg({ id: 'r9', tier_id: 't1' });
    expect(tierAction(tier(), closed, { signedIn: true, registration })).toEqual({
      kind: 'view',
      href: '/my-registrations/r9',
    });
    expect(tierAction(tier({ id: 't2' }), open, { signedIn: true, registration })).toEqual({ kind: 'none' });
  });

  it('a staff-only tier says the secretaria registers people on it, signed in or not, and offers no caravan', () => {
    const volunteers = tier({ staff_only: true, price: 0 });
    expect(tierAction(volunteers, open, { signedIn: false, registration: undefined })).toEqual({
      kind: 'staffOnly',
    });
    expect(tierAction(volunteers, open, { signedIn: true, registration: undefined })).toEqual({
      kind: 'staffOnly',
    });
    const registration = reg({ id: 'r9', tier_id: 't1' });
    expect(tierAction(volunteers, open, { signedIn: true, registration })).toEqual({
      kind: 'view',
      href: '/my-registrations/r9',
    });
    const now = new Date('2026-01-01T00:00:00Z');
    expect(caravanAllowed({ allowed_payment_methods: ['cash'] }, tier({ price: 0 }), now)).toBe(true);
    expect(caravanAllowed({ allowed_payment_methods: ['cash'] }, volunteers, now)).toBe(false);
  });

  it('tiers not open get no call to action', () => {
    expect(tierAction(tier(), closed, { signedIn: false, registration: undefined })).toEqual({
      kind: 'none',
    });
    expect(tierAction(tier(), closed, { signedIn: true, registration: undefined })).toEqual({ kind: 'none' });
  });
});

describe('sortTiers', () => {
  it('orders by order then name', () => {
    const sorted = sortTiers([
      tier({ id: 'b', order: 2 }),
      tier({ id: 'a', order: 1, name: 'B' }),
      tier({ id: 'c', order: 1, name: 'A' }),
    ]);
    expect(sorted.map((t) => t.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('caravanAllowed', () => {
  const event = { allowed_payment_methods: ['mp_pix', 'cash', 'voucher'] };
  it("offers 'Inscrever uma caravana »' on an open tier payable by one of the form's methods, or free", () => {
    expect(caravanAllowed(event, tier(), now)).toBe(true);
    expect(caravanAllowed(event, tier({ price: 0 }), now)).toBe(true);
    expect(caravanAllowed(event, tier({ available: 2, total: 10 }), now)).toBe(true);
  });
  it('not on a closed, waiting or nearly full tier, the Fastpass, or one paid only by card or voucher', () => {
    expect(caravanAllowed(event, tier({ ends_at: past }), now)).toBe(false);
    expect(caravanAllowed(event, tier({ starts_at: future }), now)).toBe(false);
    expect(caravanAllowed(event, tier({ available: 1, total: 10 }), now)).toBe(false);
    expect(caravanAllowed(event, tier({ name: 'Fastpass', price: 0 }), now)).toBe(false);
    expect(caravanAllowed(event, tier({ restricted_payment_methods: ['mp_pix', 'cash'] }), now)).toBe(false);
    expect(caravanAllowed({ allowed_payment_methods: ['mp_card'] }, tier(), now)).toBe(false);
  });
});
