// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderInDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RosterEntry } from '../../domain/checkin.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { apiErrors } from '../../domain/messages.ts';
import type { Me } from '../../domain/types.ts';
import { useOnlineStore, useSessionStore } from '../../lib/session.ts';

// The door in a DOM on the real roster store (Dexie over fake-indexeddb): only the server is a fake.
// Staff choose the event, the roster comes down, and a typed code is admitted once, then refused.
const EVENT = {
  id: 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000001',
  title: 'Culto',
  starts_at: '2026-03-10T20:00:00.000Z',
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

vi.mock('../../data/checkin/sync.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../data/checkin/sync.ts')>();
  const api = {
    events: async () => [EVENT],
    roster: async () => ({ entries: ROSTER, cpf_key: 'k', cursor: 'c1', total: ROSTER.length, next: null }),
    sync: async () => ({ results: [] }),
  };
  return {
    ...actual,
    httpDoorApi: api,
    downloadRoster: (event: typeof EVENT, progress?: (d: number, t: number) => void) =>
      actual.downloadRoster(event, progress, { api }),
    pullRoster: async () => undefined,
    flushCheckins: async () => ({ answered: 0, remaining: 0 }),
  };
});
vi.mock('./feedback.ts', () => ({ signal: () => undefined }));
vi.mock('./scanner.tsx', () => ({ Scanner: () => null, preloadScanner: async () => undefined }));

const { CheckinScreen } = await import('./checkin-screen.tsx');

function signIn(permissions: string[]) {
  useSessionStore.setState({
    me: { permissions, profile: { name: 'Ana Porteira' } } as unknown as Me,
  });
}

/** The screen as the app mounts it: under the root's query client (a fresh one per test). */
function render(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  useOnlineStore.setState({ online: true });
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
});
