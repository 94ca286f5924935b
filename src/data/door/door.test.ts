import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { type RosterEntry, rosterCpfTag, type SyncOutcome } from '../../domain/checkin.ts';
import { CongregaDb } from '../db.ts';
import { clearRosters } from '../member-data.ts';
import { type DoorApi, downloadRoster, pullRoster } from './api.ts';
import { exclusively, upload } from './queue.ts';
import { checkInLocally, mergeRoster, readIssues, rosterCount } from './roster.ts';

const EVENT = 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000001';
const EV = {
  id: EVENT,
  title: 'Culto',
  starts_at: '2026-03-10T20:00:00.000Z',
  checkin_starts_at: null,
  checkin_ends_at: null,
};
const CPF = '52998224725';
const id = (n: number) => `9b2d4f6a-8c0e-4a2c-8e4a-c${String(n).padStart(11, '0')}`;
const row = (n: number, patch: Partial<RosterEntry> = {}): RosterEntry => ({
  id: id(n),
  event_id: EVENT,
  seq: String(100000 + n),
  name: `Pessoa ${n} Silva`,
  congregation: 'Sede',
  cpf_hash: null,
  paid: true,
  checked_in_at: null,
  checked_in_device: null,
  ...patch,
});

let db: CongregaDb;
let n = 0;
beforeEach(async () => {
  db = new CongregaDb(`door-${++n}`);
  await db.open();
});

/** A server in memory with the sync endpoint's rules (first check-in wins, idempotent on clientId). */
function fakeServer(rows: RosterEntry[], pageSize = 2) {
  const checkins = new Map<string, { clientId: string; at: string; device: string }>();
  const calls: string[] = [];
  let fail: 'none' | 'before' | 'after' = 'none';
  const api: DoorApi = {
    events: async () => [EV],
    conflicts: async () => [],
    roster: async (_e, q) => {
      calls.push(`roster ${JSON.stringify(q)}`);
      if (q.since) return { entries: rows.slice(-1), cpf_key: 'k', cursor: 'c2', total: null, next: null };
      const start = q.after ? rows.findIndex((r) => r.id === q.after) + 1 : 0;
      const page = rows.slice(start, start + pageSize);
      const next = start + pageSize < rows.length ? page[page.length - 1]!.id : null;
      return { entries: page, cpf_key: 'k', cursor: 'c1', total: q.after ? null : rows.length, next };
    },
    sync: async (body) => {
      calls.push(`sync ${body.items.length}`);
      if (fail === 'before') throw Object.assign(new Error('500'), { code: 'INTERNAL' });
      const results: SyncOutcome[] = body.items.map((i) => {
        const c = checkins.get(i.registrationId);
        if (!c)
          checkins.set(i.registrationId, {
            clientId: i.clientId,
            at: i.scannedAt,
            device: body.device ?? '',
          });
        const won = checkins.get(i.registrationId)!;
        return won.clientId === i.clientId
          ? { clientId: i.clientId, kind: 'created', at: won.at, device: won.device }
          : { clientId: i.clientId, kind: 'conflict', at: won.at, device: won.device };
      });
      if (fail === 'after') throw new Error('timeout');
      return { results };
    },
  };
  return { api, checkins, calls, setFail: (f: typeof fail) => (fail = f) };
}

describe('roster download and pulls', () => {
  it('downloads page by page with progress, then pulls since the cursor', async () => {
    const server = fakeServer([row(1), row(2), row(3)]);
    const progress: string[] = [];
    expect(await downloadRoster(EV, (d, t) => progress.push(`${d}/${t}`), { api: server.api, db })).toBe(3);
    expect(progress).toEqual(['2/3', '3/3']);
    expect(await db.rosterMeta.get(EVENT)).toMatchObject({ cursor: 'c1', count: 3 });
    await pullRoster(EVENT, { api: server.api, db });
    expect(server.calls.at(-1)).toBe('roster {"since":"c1"}');
    expect((await db.rosterMeta.get(EVENT))?.cursor).toBe('c2');
  });

  it('a download again never loses a check-in made here; its pages replace the earlier ones', async () => {
    const server = fakeServer([row(1), row(2), row(3)]);
    await downloadRoster(EV, () => {}, { api: server.api, db });
    expect((await checkInLocally(EVENT, '100003', 'A', db)).kind).toBe('created');
    const other = { ...row(9), event_id: 'e4a8b2c6-3d5f-4a7b-9c1e-d00000000002' };
    await mergeRoster([other], db);
    await downloadRoster(EV, () => {}, { api: fakeServer([row(1), row(3), row(4)]).api, db });
    expect(await checkInLocally(EVENT, '100003', 'B', db)).toMatchObject({ kind: 'already', device: 'A' });
    expect(await checkInLocally(EVENT, '100002', 'B', db)).toMatchObject({ kind: 'not_found' });
    expect((await checkInLocally(EVENT, '100004', 'B', db)).kind).toBe('created');
    expect(await db.rosterPages.where('event_id').equals(EVENT).count()).toBe(2);
    expect(await rosterCount(EVENT, db)).toBe(3);
    expect(await db.rosters.get(other.id)).toEqual(other);
  });

  it('a pulled row never loses a check-in made here', async () => {
    await mergeRoster([row(1, { checked_in_at: '2026-03-10T20:00:00.000Z', checked_in_device: 'A' })], db);
    await mergeRoster([row(1)], db);
    expect((await db.rosters.get(id(1)))?.checked_in_device).toBe('A');
  });
});

describe('checkInLocally', () => {
  beforeEach(async () => {
    const key = 'chave-do-evento';
    await db.rosterMeta.put({
      event_id: EVENT,
      title: 'Evento',
      starts_at: '2026-03-10T20:00:00.000Z',
      cursor: 'c1',
      cpf_key: key,
      updated_at: 0,
      count: 2,
    });
    await mergeRoster([row(1, { cpf_hash: await rosterCpfTag(key, CPF) }), row(2, { paid: false })], db);
  });

  it('admits by code, QR and CPF, queuing one outbox item each; then says already', async () => {
    expect(await checkInLocally(EVENT, '100-001', 'Porta', db)).toMatchObject({ kind: 'created' });
    expect(await checkInLocally(EVENT, `checkin:${id(1)}`, 'Porta', db)).toMatchObject({
      kind: 'already',
      device: 'Porta',
    });
    expect(await checkInLocally(EVENT, '529.982.247-25', 'Porta', db)).toMatchObject({ kind: 'already' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('not paid, not found and invalid queue nothing', async () => {
    expect(await checkInLocally(EVENT, '100002', 'P', db)).toMatchObject({ kind: 'not_paid' });
    expect(await checkInLocally(EVENT, '999-999', 'P', db)).toMatchObject({ kind: 'not_found' });
    expect(await checkInLocally(EVENT, '12', 'P', db)).toMatchObject({ kind: 'invalid' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sign-out wipes rosters but keeps queued check-ins', async () => {
    await checkInLocally(EVENT, '100001', 'P', db);
    await clearRosters(db);
    expect(await db.rosters.count()).toBe(0);
    expect(await db.rosterPages.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('queue upload', () => {
  beforeEach(async () => {
    await mergeRoster([row(1), row(2), row(3)], db);
  });

  it('sends in batches and removes an item only once the server answered', async () => {
    const server = fakeServer([]);
    for (const code of ['100001', '100002', '100003']) await checkInLocally(EVENT, code, 'P', db);
    const r = await upload(server.api, { db, batch: 2 });
    expect(r).toMatchObject({ answered: 3, remaining: 0 });
    expect(server.calls).toEqual(['sync 2', 'sync 1']);
    expect(server.checkins.size).toBe(3);
  });

  it('a 500 keeps the items (attempts counted); a time-out after the server applied them replays harmlessly', async () => {
    const server = fakeServer([]);
    await checkInLocally(EVENT, '100001', 'P', db);
    server.setFail('before');
    expect((await upload(server.api, { db })).remaining).toBe(1);
    expect((await db.outbox.toArray())[0]!.attempts).toBe(1);
    server.setFail('after');
    expect((await upload(server.api, { db })).remaining).toBe(1);
    server.setFail('none');
    expect(await upload(server.api, { db })).toMatchObject({
      answered: 1,
      remaining: 0,
    });
    expect(server.checkins.size).toBe(1);
    expect(await readIssues(EVENT, db)).toEqual([]);
  });

  it('a batch never answered times out: aborted, the items stay queued, the next flush sends them', async () => {
    const server = fakeServer([]);
    await checkInLocally(EVENT, '100001', 'P', db);
    let aborted = false;
    const hanging: DoorApi = {
      ...server.api,
      sync: (_body, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
    };
    const r = await upload(hanging, { db, timeoutMs: 50 });
    expect(r).toMatchObject({ answered: 0, remaining: 1 });
    expect(r.error).toBeInstanceOf(Error);
    expect(aborted).toBe(true);
    expect((await db.outbox.toArray())[0]!.attempts).toBe(1);
    expect(await upload(server.api, { db })).toMatchObject({
      answered: 1,
      remaining: 0,
    });
    expect(server.checkins.size).toBe(1);
  });

  it('a conflict is recorded for staff with when and which device, and the roster shows the winner', async () => {
    const server = fakeServer([]);
    server.checkins.set(id(1), { clientId: 'other', at: '2026-03-10T19:00:00.000Z', device: 'Porta 2' });
    await checkInLocally(EVENT, '100001', 'Porta 1', db);
    await upload(server.api, { db });
    expect(await readIssues(EVENT, db)).toEqual([
      expect.objectContaining({
        kind: 'conflict',
        name: 'Pessoa 1 Silva',
        device: 'Porta 2',
        at: '2026-03-10T19:00:00.000Z',
      }),
    ]);
    expect((await db.rosters.get(id(1)))?.checked_in_device).toBe('Porta 2');
  });

  it('a crash while applying the answer leaves the item queued (one transaction)', async () => {
    const server = fakeServer([]);
    await checkInLocally(EVENT, '100001', 'P', db);
    const crash = vi.spyOn(db.outbox, 'bulkDelete').mockRejectedValueOnce(new Error('tab killed'));
    await expect(upload(server.api, { db })).rejects.toThrow('tab killed');
    crash.mockRestore();
    expect(await db.outbox.count()).toBe(1);
    await upload(server.api, { db });
    expect(await db.outbox.count()).toBe(0);
    expect(server.checkins.size).toBe(1);
  });

  it('one flusher at a time (a lease where Web Locks are missing)', async () => {
    let release!: () => void;
    const first = exclusively('x', () => new Promise<string>((ok) => (release = () => ok('first'))), db);
    await new Promise((r) => setTimeout(r, 20));
    expect(await exclusively('x', async () => 'second', db)).toBeNull();
    release();
    expect(await first).toBe('first');
    expect(await exclusively('x', async () => 'third', db)).toBe('third');
  });
});
