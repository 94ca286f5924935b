import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RosterEntry, SyncOutcome } from '../../domain/checkin.ts';
import type { DoorSalesBody } from '../../domain/door-sales.ts';
import { CongregaDb } from '../db.ts';
import type { DoorApi } from './api.ts';
import { connection } from './connection.ts';
import { createDoor, type Door } from './engine.ts';

// Walk-ins and cash in the door engine, no React: a fake server in memory, Dexie over fake-indexeddb.
const EVENT = 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000002';
const TIER = '5a1c3e7b-2d4f-4b6a-8c9e-f00000000001';
const EV = {
  id: EVENT,
  title: 'Retiro',
  starts_at: new Date(Date.now() - 3600_000).toISOString(),
  checkin_starts_at: null,
  checkin_ends_at: null,
  door_tiers: [{ id: TIER, name: 'Porta', price: 2000, door_only: true }],
};
const PENDING: RosterEntry = {
  id: '9b2d4f6a-8c0e-4a2c-8e4a-c00000000077',
  event_id: EVENT,
  seq: '100077',
  name: 'Paula Pendente Souza',
  congregation: 'Sede',
  cpf_hash: null,
  paid: false,
  checked_in_at: null,
  checked_in_device: null,
  cash_due: 4500,
};
const MARIA = { name: 'Maria da Porta', cpf: '52998224725', tierId: TIER, amount: 2000 };

/** The door-sales route as the server keeps it: one record per client UUID, a CPF registered once. */
function fakeServer() {
  const sales = new Map<string, { item: DoorSalesBody['items'][number]; outcome: SyncOutcome }>();
  const registeredCpfs = new Map<string, string>();
  let calls = 0;
  let failing = false;
  const api: DoorApi = {
    events: async () => [EV],
    conflicts: async () => [],
    roster: async () => ({ entries: [PENDING], cpf_key: 'k', cursor: 'c', total: 1, next: null }),
    sync: async () => ({ results: [] }),
    doorSales: async (body) => {
      calls++;
      if (failing) throw new Error('no answer');
      const results = body.items.map((item) => {
        const done = sales.get(item.clientId);
        if (done) return done.outcome;
        const held = item.kind === 'walk_in' && item.cpf ? registeredCpfs.get(item.cpf) : undefined;
        const outcome: SyncOutcome = held
          ? {
              clientId: item.clientId,
              kind: 'conflict',
              at: '2026-03-01T10:00:00.000Z',
              device: null,
              registered: held,
            }
          : { clientId: item.clientId, kind: 'created', at: item.scannedAt, device: body.device ?? '' };
        if (!held && item.kind === 'walk_in' && item.cpf) registeredCpfs.set(item.cpf, item.name);
        sales.set(item.clientId, { item, outcome });
        return outcome;
      });
      return { results };
    },
  };
  return {
    api,
    sales,
    registeredCpfs,
    calls: () => calls,
    fail: (f: boolean) => {
      failing = f;
    },
  };
}

let db: CongregaDb;
let n = 0;
let stop: (() => void) | undefined;
beforeEach(async () => {
  db = new CongregaDb(`sales-${++n}`);
  await db.open();
  connection.setState({ reach: 'online' });
});
afterEach(() => {
  stop?.();
});

async function door(api: DoorApi): Promise<Door> {
  const d = createDoor({ api, db, watch: () => () => {}, appCheck: async () => true });
  stop = d.start();
  d.choose(EVENT);
  await until(() => d.store.getState().meta?.count === 1);
  return d;
}
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 });

describe('walk-ins and cash in the door engine', () => {
  it('a walk-in is admitted at once with no server, then synced exactly once', async () => {
    const server = fakeServer();
    const d = await door(server.api);
    connection.setState({ reach: 'offline' });
    server.fail(true);
    const answer = await d.walkIn(MARIA);
    expect(answer).toMatchObject({
      kind: 'feedback',
      feedback: { kind: 'created', entry: { name: 'Maria da Porta' } },
    });
    // on the roster here, paid and checked in: the CPF typed again says so
    const again = await d.admit('529.982.247-25');
    expect(again).toMatchObject({ feedback: { kind: 'already' } });
    expect(await db.outbox.count()).toBe(1);

    server.fail(false);
    connection.setState({ reach: 'online' });
    await d.sync();
    await until(() => d.store.getState().pending === 0);
    await d.sync();
    expect(server.sales.size).toBe(1);
    const [sold] = [...server.sales.values()];
    expect(sold!.item).toMatchObject({
      kind: 'walk_in',
      name: 'Maria da Porta',
      cpf: MARIA.cpf,
      amount: 2000,
    });
    expect(d.store.getState().issues).toEqual([]);
  });

  it('a failed upload keeps the walk-in; the retry sends the same client UUID and the server keeps one', async () => {
    const server = fakeServer();
    const d = await door(server.api);
    server.fail(true);
    await d.walkIn({ name: 'João Sem Sinal', phone: '11987654321', tierId: TIER, amount: 0 });
    await d.sync();
    const [queued] = await db.outbox.toArray();
    expect(queued?.kind).toBe('walk_in');
    expect(queued!.attempts).toBeGreaterThanOrEqual(1);
    expect(server.calls()).toBe(queued!.attempts);
    server.fail(false);
    await d.sync();
    await until(() => d.store.getState().pending === 0);
    expect([...server.sales.keys()]).toEqual([queued!.clientId]);
  });

  it("a walk-in whose CPF the server already had: listed as a refusal, the door's own row goes", async () => {
    const server = fakeServer();
    server.registeredCpfs.set(MARIA.cpf, 'Maria Inscrita Online');
    const d = await door(server.api);
    const answer = await d.walkIn(MARIA);
    const id = answer?.kind === 'feedback' && 'entry' in answer.feedback ? answer.feedback.entry.id : '';
    await d.sync();
    await until(() => d.store.getState().issues.length === 1);
    expect(d.store.getState().issues[0]).toMatchObject({
      kind: 'conflict',
      name: 'Maria da Porta',
      registered: 'Maria Inscrita Online',
    });
    expect(await db.rosters.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a pending cash registration: paid and admitted offline, the amount queued and synced once', async () => {
    const server = fakeServer();
    const d = await door(server.api);
    connection.setState({ reach: 'offline' });
    server.fail(true);
    expect(await d.admit('100-077')).toMatchObject({
      feedback: { kind: 'not_paid', entry: { cash_due: 4500 } },
    });
    const answer = await d.payCash(PENDING.id);
    expect(answer).toMatchObject({ feedback: { kind: 'created', paidCash: 4500 } });
    // paid once: a second press admits nobody and queues nothing
    expect(await d.payCash(PENDING.id)).toMatchObject({ feedback: { kind: 'already' } });
    expect(await db.outbox.count()).toBe(1);
    server.fail(false);
    connection.setState({ reach: 'online' });
    await d.sync();
    await until(() => d.store.getState().pending === 0);
    expect([...server.sales.values()].map((s) => s.item)).toEqual([
      expect.objectContaining({ kind: 'cash', registrationId: PENDING.id, amount: 4500 }),
    ]);
  });
});
