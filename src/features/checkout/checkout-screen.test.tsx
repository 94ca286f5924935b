// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutMessages as m } from '../../domain/messages/checkout.ts';
import type { EventDetail, PricingTier } from '../../domain/types.ts';

// The checkout's step machine in a DOM, its data layer replaced: what it reads (the event, the
// member's registrations) and the one write (startCheckoutMutation). Found by role and label, as a member does.
const startCheckout = vi.fn();
const notify = vi.fn();
let event: EventDetail;
let registrations: unknown[] = [];

vi.mock('../../data/events/use-events.ts', () => ({
  useEvent: () => ({ data: event, status: { phase: 'idle' }, view: 'fresh' }),
}));
vi.mock('../../data/registrations/use-my-registrations.ts', () => ({
  useMyRegistrations: () => ({ data: registrations }),
}));
vi.mock('../../data/registrations/mutations.ts', async (actual) => ({
  ...(await actual<object>()),
  startCheckoutMutation: {
    mutationFn: ({ eventId, tierId, body }: { eventId: string; tierId: string; body: unknown }) =>
      startCheckout(eventId, tierId, body),
  },
}));
// the event asks no questions and has no age rules here (their own tests: event-questions, minors)
vi.mock('../../data/questions/questions.ts', () => ({
  eventQuestionsQuery: (id: string) => ({ queryKey: ['event-questions', id], queryFn: () => [] }),
  eventMinorsQuery: (id: string) => ({ queryKey: ['event-minors', id], queryFn: () => null }),
}));
vi.mock('../../ui/notices.tsx', () => ({ notify: (...args: unknown[]) => notify(...args) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a>,
  useNavigate: () => vi.fn(),
}));

const { CheckoutScreen } = await import('./checkout-screen.tsx');

const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';
const renderCheckout = (tierId: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CheckoutScreen eventId={EVENT_ID} tierId={tierId} />
    </QueryClientProvider>,
  );
function tier(patch: Partial<PricingTier> = {}): PricingTier {
  return {
    id: 't0000000-0000-4000-8000-000000000001',
    event_id: EVENT_ID,
    name: 'Lote 1',
    description: null,
    price: 2500,
    order: 0,
    starts_at: null,
    ends_at: null,
    available: 10,
    total: 10,
    restricted_payment_methods: [],
    custom_pix_key: null,
    payment_link: null,
    ...patch,
  };
}
function eventWith(t: PricingTier, allowed: EventDetail['allowed_payment_methods']): EventDetail {
  return {
    id: EVENT_ID,
    title: 'Conferência',
    description: '',
    details: null,
    image: null,
    starts_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    registration_policy: 'requires',
    checkin_policy: 'requires',
    checkin_starts_at: null,
    checkin_ends_at: null,
    external_redirect: null,
    allowed_payment_methods: allowed,
    force_upcoming: false,
    parent_id: null,
    tags: [],
    speakers: [],
    venues: [],
    pricing_tiers: [t],
    files: [],
    child_events: [],
  } as EventDetail;
}

const step = (n: number) => screen.getByText(new RegExp(`^${m.stepOf(n, 3)}`));

beforeEach(() => {
  startCheckout.mockReset();
  notify.mockReset();
  registrations = [];
});
afterEach(cleanup);

describe('checkout steps', () => {
  it('1 → 2 → 3: a method is chosen, its instructions shown, the registration made with that method', async () => {
    const t = tier();
    event = eventWith(t, ['cash', 'file']);
    startCheckout.mockResolvedValue({ registration_id: 'r1' });
    const user = userEvent.setup();
    renderCheckout(t.id);

    expect(step(1)).toBeTruthy();
    const next = screen.getByRole('button', { name: m.continue });
    expect((next as HTMLButtonElement).disabled).toBe(true); // no method yet
    await user.click(screen.getByRole('radio', { name: m.methodNames.cash }));
    await user.click(next);

    expect(step(2)).toBeTruthy();
    expect(screen.getByText(m.instructions.cash)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.okGotIt }));

    expect(startCheckout).toHaveBeenCalledTimes(1);
    expect(startCheckout).toHaveBeenCalledWith(EVENT_ID, t.id, { tierId: t.id, paymentMethod: 'cash' });
    expect(step(3)).toBeTruthy();
  });

  it('back from step 2 keeps the chosen method; a refused checkout says why and stays to retry', async () => {
    const t = tier({ custom_pix_key: 'chave@exemplo.com' });
    event = eventWith(t, ['cash', 'file']);
    startCheckout.mockRejectedValue(Object.assign(new Error('409'), { code: 'ALREADY_REGISTERED' }));
    const user = userEvent.setup();
    renderCheckout(t.id);

    await user.click(screen.getByRole('radio', { name: m.methodNames.file }));
    await user.click(screen.getByRole('button', { name: m.continue }));
    expect(screen.getByText(m.instructions.file('chave@exemplo.com'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.back }));
    expect(step(1)).toBeTruthy();
    expect((screen.getByRole('radio', { name: m.methodNames.file }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: m.continue }));
    await user.click(screen.getByRole('button', { name: m.okGotIt }));
    expect(notify).toHaveBeenCalledWith('negative', expect.any(String));
    expect(step(2)).toBeTruthy();
    const again = screen.getByRole('button', { name: m.okGotIt }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('a sell-out during checkout is said on the screen, with what to do, not only in a notice', async () => {
    const t = tier();
    event = eventWith(t, ['cash']);
    startCheckout.mockRejectedValue(Object.assign(new Error('409'), { code: 'TIER_UNAVAILABLE' }));
    const user = userEvent.setup();
    renderCheckout(t.id);
    await user.click(screen.getByRole('radio', { name: m.methodNames.cash }));
    await user.click(screen.getByRole('button', { name: m.continue }));
    await user.click(screen.getByRole('button', { name: m.okGotIt }));
    const alert = screen.getByTestId('checkout-sold-out');
    expect(alert.textContent).toContain(m.soldOutTitle);
    expect(alert.textContent).toContain(m.soldOutNext);
    expect(screen.getByRole('link', { name: m.soldOutEvent })).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.okGotIt })).toBeNull();
  });

  it('a free tier is one confirmation, without a method', async () => {
    const t = tier({ price: 0 });
    event = eventWith(t, ['cash']);
    startCheckout.mockResolvedValue({ registration_id: 'r2' });
    const user = userEvent.setup();
    renderCheckout(t.id);

    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: m.confirmFree }));
    expect(startCheckout).toHaveBeenCalledWith(EVENT_ID, t.id, { tierId: t.id });
    expect(step(3)).toBeTruthy();
  });

  it('a tier whose registration window is closed offers nothing to submit', () => {
    const t = tier({ ends_at: new Date(Date.now() - 86_400_000).toISOString() });
    event = eventWith(t, ['cash']);
    renderCheckout(t.id);
    expect(screen.getByText(m.tierClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.continue })).toBeNull();
  });
});
