import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RosterEntry, SyncOutcome } from '../../domain/checkin.ts';
import { CongregaDb } from '../db.ts';
import type { DoorApi } from './api.ts';
import { connection } from './connection.ts';
import { createDoor, type Door, PULL_EVERY_MS, RETRY_MAX_MS } from './engine.ts';

// The door engine with no React: a fake API in memory, the real store over fake-indexeddb.
const EVENT = 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000001';
const EV = {
  id: EVENT,
  title: 'Culto',
  starts_at: new Date(Date.now() - 3600_000).toISOString(),
  checkin_starts_at: null,
  checkin_ends_at: null,
};
const id = (n: number) => `9b2d4f6a-8c0e-4a2c-8e4a-c${String(n).padStart(11, '0')}`;
const row = (n: number): RosterEntry => ({
  id: id(n),
  event_id: EVENT,
  seq: String(100000 + n),
  name: `Pessoa ${n} Silva`,
  congregation: 'Sede',
  cpf_hash: null,
  paid: true,
  checked_in_at: null,
  checked_in_device: null,
});

function fakeServer(rows: RosterEntry[]) {
  const calls: string[] = [];
  const times: number[] = [];
  const checkins = new Map<string, { clientId: string; at: string; device: string }>();
  let failing = false;
  const api: DoorApi = {
    events: async () => [EV],
    conflicts: async () => [
      {
        id: 'c1',
        registration_id: id(1),
        name: 'Pessoa 1 Silva',
        session: null,
        device: 'Porta 2',
        at: '2026-03-10T19:05:00.000Z',
        winner_device: 'Porta 1',
        winner_at: '2026-03-10T19:00:00.000Z',
      },
    ],
    roster: async (_e, q) => {
      calls.push(q.since ? 'pull' : 'download');
      return { entries: q.since ? [] : rows, cpf_key: 'k', cursor: 'c', total: rows.length, next: null };
    },
    sync: async (body) => {
      calls.push(`sync ${body.items.length}`);
      times.push(Date.now());
      if (failing) throw new Error('no answer');
      const results: SyncOutcome[] = body.items.map((i) => {
        if (!checkins.has(i.registrationId))
          checkins.set(i.registrationId, {
            clientId: i.clientId,
            at: i.scannedAt,
            device: body.device ?? '',
          });
        const won = checkins.get(i.registrationId)!;
        return {
          clientId: i.clientId,
          kind: won.clientId === i.clientId ? 'created' : 'conflict',
          at: won.at,
          device: won.device,
        };
      });
      return { results };
    },
  };
  return { api, calls, times, checkins, fail: (f: boolean) => (failing = f) };
}

let db: CongregaDb;
let n = 0;
let stop: (() => void) | undefined;
beforeEach(async () => {
  db = new CongregaDb(`engine-${++n}`);
  await db.open();
  connection.setState({ reach: 'online' });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

function door(api: DoorApi): Door {
  const d = createDoor({ api, db, watch: () => () => {}, appCheck: async () => true });
  stop = d.start();
  return d;
}
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 });

describe('the door engine', () => {
  it('chosen event: its roster comes down; an admission is queued and sync() uploads it, then pulls', async () => {
    const server = fakeServer([row(1), row(2)]);
    const d = door(server.api);
    d.choose(EVENT);
    await until(() => d.store.getState().meta?.count === 2);
    expect(d.store.getState().events).toEqual([EV]);

    const answer = await d.admit('100-001');
    expect(answer).toMatchObject({ kind: 'feedback', feedback: { kind: 'created' } });
    expect(d.store.getState().answer).toEqual(answer);
    await d.sync();
    await until(() => d.store.getState().pending === 0);
    expect(server.checkins.has(id(1))).toBe(true);

    // a roster older than the pull interval: the same sync uploads first, then pulls
    await db.rosterMeta.update(EVENT, { updated_at: Date.now() - PULL_EVERY_MS - 1 });
    server.calls.length = 0;
    await d.admit('100002');
    await d.sync();
    expect(server.calls).toEqual(['sync 1', 'pull']);
    // with each pull, the conflicts between doors the server keeps for the event
    expect(d.store.getState().conflicts).toEqual([
      expect.objectContaining({ device: 'Porta 2', winner_device: 'Porta 1' }),
    ]);
    expect(await db.outbox.count()).toBe(0);
    // a second admission of the same code is refused at the door, queuing nothing
    expect(await d.admit('100001')).toMatchObject({ feedback: { kind: 'already' } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a conflict answered by the server is kept for staff in the state', async () => {
    const server = fakeServer([row(1)]);
    server.checkins.set(id(1), { clientId: 'other', at: '2026-03-10T19:00:00.000Z', device: 'Porta 2' });
    const d = door(server.api);
    d.choose(EVENT);
    await until(() => d.store.getState().meta?.count === 1);
    await d.admit('100001');
    await d.sync();
    await until(() => d.store.getState().issues.length === 1);
    expect(d.store.getState().issues[0]).toMatchObject({ kind: 'conflict', device: 'Porta 2' });
  });

  it('a failing upload keeps the items and is retried with a backoff of 2 s doubling to RETRY_MAX_MS', async () => {
    const server = fakeServer([row(1)]);
    const d = door(server.api);
    d.choose(EVENT);
    await until(() => d.store.getState().meta?.count === 1);
    stop?.();
    // the server does not answer: only the queue is tried, no pull
    connection.setState({ reach: 'offline' });
    await d.admit('100001');
    server.fail(true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.calls.length = 0;
    stop = d.start();
    // fake time moves in steps; the store (fake-indexeddb: setImmediate) settles between them
    const settle = async () => {
      for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
    };
    await settle();
    for (let t = 0; t < 40_000; t += 500) {
      await vi.advanceTimersByTimeAsync(500);
      await settle();
    }
    const gaps = server.times.slice(1).map((t, i) => t - server.times[i]!);
    expect(gaps.slice(0, 4)).toEqual([2000, 4000, 8000, RETRY_MAX_MS]);
    expect(server.calls.every((c) => c === 'sync 1')).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    expect(d.store.getState().sendFailed).toBe(true);
    // 'Enviar agora' once the server answers: sent at once
    server.fail(false);
    d.sendNow();
    expect(d.store.getState().sending).toBe(true);
    await settle();
    await until(() => d.store.getState().pending === 0);
    expect(d.store.getState()).toMatchObject({ sending: false, sendFailed: false });
  });

  it('with no server answer nothing is downloaded; when it answers again the queue goes and the roster comes', async () => {
    connection.setState({ reach: 'offline' });
    const server = fakeServer([row(1)]);
    const d = door(server.api);
    d.choose(EVENT);
    await d.sync();
    expect(server.calls).not.toContain('download');
    expect(d.store.getState().meta).toBeNull();
    connection.setState({ reach: 'online' });
    await until(() => d.store.getState().meta?.count === 1);
    expect(d.store.getState().reach).toBe('online');
  });
});

describe('sessions at the door', () => {
  it('a three-day camp, offline: day 1 and again on day 2, never twice on one day; the queue names each session', async () => {
    const DAY = 24 * 3600_000;
    const t0 = Date.now();
    const day = (n: number) => ({
      id: `5e55a0b1-0000-4000-8000-00000000000${n}`,
      name: `Dia ${n}`,
      starts_at: new Date(t0 + (n - 1.5) * DAY).toISOString(),
      ends_at: new Date(t0 + (n - 0.5) * DAY).toISOString(),
    });
    const camp = { ...EV, sessions: [day(1), day(2), day(3)] };
    const server = fakeServer([row(1)]);
    const sent: unknown[] = [];
    const api: DoorApi = {
      ...server.api,
      events: async () => [camp],
      sync: async (body) => {
        sent.push(...body.items);
        return {
          results: body.items.map((i) => ({
            clientId: i.clientId,
            kind: 'created' as const,
            at: i.scannedAt,
            device: '',
          })),
        };
      },
    };
    const d = door(api);
    d.choose(EVENT);
    await until(() => d.store.getState().meta?.count === 1);
    // today's session by default
    expect(d.store.getState().sessionId).toBe(day(1).id);
    connection.setState({ reach: 'offline' });
    expect(await d.admit('100001')).toMatchObject({ feedback: { kind: 'created' } });
    const again = await d.admit('100001');
    expect(again).toMatchObject({ feedback: { kind: 'already', session: 'Dia 1' } });
    d.chooseSession(day(2).id);
    expect(await d.admit('100001')).toMatchObject({ feedback: { kind: 'created' } });
    expect(await d.admit('100001')).toMatchObject({ feedback: { kind: 'already', session: 'Dia 2' } });
    await d.sync();
    await until(() => d.store.getState().pending === 0);
    expect(sent.map((i) => (i as { sessionId?: string }).sessionId)).toEqual([day(1).id, day(2).id]);
  });
});
