// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import type { Session } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderInDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../data/me-query.ts';
import type { RosterEntry } from '../../domain/checkin.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { apiErrors } from '../../domain/messages.ts';
import type { Me } from '../../domain/types.ts';
import { useSessionStore } from '../../lib/session.ts';

// The door in a DOM on the real roster store (Dexie over fake-indexeddb): only the server is a fake.
// Staff choose the event, the roster comes down, and a typed code is admitted once, then refused.
const HOUR = 3600_000;
const EVENT = {
  id: 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000001',
  title: 'Culto',
  starts_at: new Date(Date.now() - HOUR).toISOString(),
  checkin_starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
  checkin_ends_at: new Date(Date.now() + 3 * HOUR).toISOString(),
};
/** An event whose check-in window opens in a week. */
const NEXT_WEEK = {
  id: 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000002',
  title: 'Conferência',
  starts_at: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
  checkin_starts_at: new Date(Date.now() + 7 * 24 * HOUR - 2 * HOUR).toISOString(),
  checkin_ends_at: new Date(Date.now() + 8 * 24 * HOUR).toISOString(),
};
const entry = (n: number, patch: Partial<RosterEntry> = {}): RosterEntry => ({
  id: `9b2d4f6a-8c0e-4a2c-8e4a-c${String(n).padStart(11, '0')}`,
  event_id: EVENT.id,
  seq: String(100000 + n),
  name: `Pessoa${n} Silva`,
  congregation: 'Sede',
  cpf_hash: null,
  paid: true,
  checked_in_at: null,
  checked_in_device: null,
  ...patch,
});
const ROSTER = [entry(1), entry(2, { paid: false })];
const NEXT_WEEK_ROSTER = [entry(3, { event_id: NEXT_WEEK.id })];

vi.mock('../../data/door/api.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../data/door/api.ts')>()),
  httpDoorApi: {
    events: async () => [EVENT, NEXT_WEEK],
    conflicts: async () => [],
    roster: async (eventId: string) => {
      const entries = eventId === NEXT_WEEK.id ? NEXT_WEEK_ROSTER : ROSTER;
      return { entries, cpf_key: 'k', cursor: 'c1', total: entries.length, next: null };
    },
    // the queue stays (the door's pending count is what the test reads)
    sync: async () => Promise.reject(new Error('sem resposta')),
  },
}));
vi.mock('./feedback.ts', () => ({ signal: () => undefined }));
// the server's answers are the fake above: no health checks from the DOM
vi.mock('../../data/door/connection.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../data/door/connection.ts')>()),
  watchConnection: () => () => undefined,
}));
const { connection } = await import('../../data/door/connection.ts');
vi.mock('./scanner.tsx', () => ({ Scanner: () => null, preloadScanner: async () => undefined }));

const { CheckinScreen } = await import('./checkin-screen.tsx');

let me: Me | undefined;
function signIn(permissions: string[]) {
  useSessionStore.setState({ session: { user: { id: 'u-door' } } as Session });
  me = { id: 'u-door', permissions, profile: { name: 'Ana Porteira' } } as unknown as Me;
}

/** The screen as the app mounts it: under the root's query client (a fresh one per test, with `me`). */
function render(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(meQuery(me.id).queryKey, me);
  return renderInDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  connection.setState({ reach: 'online' });
});
afterEach(cleanup);

describe('the door', () => {
  it('refuses staff without the checkin permission', () => {
    signIn(['read_events']);
    render(<CheckinScreen />);
    expect(screen.getByRole('alert').textContent).toBe(apiErrors.FORBIDDEN);
    expect(screen.queryByLabelText(m.codeLabel)).toBeNull();
  });

  it('admits a paid code once from the roster on this device; a repeat, an unpaid and an unknown one are told apart', async () => {
    signIn(['checkin']);
    const user = userEvent.setup();
    render(<CheckinScreen />);

    const code = screen.getByLabelText(m.codeLabel) as HTMLInputElement;
    expect(code.disabled).toBe(true); // no event chosen yet
    const select = screen.getByLabelText(m.chooseEvent);
    await waitFor(() => expect(screen.getByRole('option', { name: new RegExp(EVENT.title) })).toBeTruthy());
    await user.selectOptions(select, EVENT.id);
    await waitFor(() => expect(screen.getByText(m.rosterReady(2))).toBeTruthy());

    const admit = async (typed: string) => {
      await user.clear(code);
      await user.type(code, typed);
      await user.click(screen.getByRole('button', { name: m.codeSubmit }));
    };
    const feedback = () => document.querySelector('output')?.textContent ?? '';

    await admit('100001');
    await waitFor(() => expect(feedback()).toContain(m.created('Pessoa1')));
    expect(code.value).toBe('');

    await admit('100001');
    await waitFor(() => expect(feedback()).toMatch(/Pessoa1 já fez checkin às /));

    await admit('100002');
    await waitFor(() => expect(feedback()).toContain(m.notPaid('Pessoa2')));

    await admit('999999');
    await waitFor(() => expect(feedback()).toContain(m.notFound));
  });

  it('outside the check-in window the door says so and admits only once the volunteer confirms', async () => {
    signIn(['checkin']);
    const user = userEvent.setup();
    render(<CheckinScreen />);
    await waitFor(() =>
      expect(screen.getByRole('option', { name: new RegExp(NEXT_WEEK.title) })).toBeTruthy(),
    );
    await user.selectOptions(screen.getByLabelText(m.chooseEvent), NEXT_WEEK.id);
    await waitFor(() => expect(screen.getByText(m.rosterReady(1))).toBeTruthy());
    expect(screen.getByTestId('door-window').textContent).toMatch(
      /^Fora do horário de checkin deste evento: abre /,
    );

    const code = screen.getByLabelText(m.codeLabel) as HTMLInputElement;
    const feedback = () => document.querySelector('output')?.textContent ?? '';
    // the outbox of this store (the test before queued one check-in)
    const pending = () => Number(screen.getByTestId('door-pending').textContent?.match(/\d+/)?.[0] ?? 0);
    const before = pending();
    await user.type(code, '100003');
    await user.click(screen.getByRole('button', { name: m.codeSubmit }));
    await waitFor(() => expect(feedback()).toMatch(/Fora do horário de checkin deste evento: abre /));
    expect(screen.getByTestId('door-feedback-name').textContent).toBe('Pessoa3 Silva');
    // not admitted while the question stands, nor after 'Cancelar': the same code asks again
    expect(pending()).toBe(before);
    await user.click(screen.getByRole('button', { name: m.cancel }));
    expect(feedback()).toBe(m.waitingCode);
    await user.type(code, '100003');
    await user.click(screen.getByRole('button', { name: m.codeSubmit }));
    await user.click(await screen.findByRole('button', { name: m.admitAnyway }));
    await waitFor(() => expect(feedback()).toContain(m.created('Pessoa3')));
    await waitFor(() => expect(pending()).toBe(before + 1));
  });
});
