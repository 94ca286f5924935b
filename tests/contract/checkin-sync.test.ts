/**
 * Exactly once, end to end below the browser: the door's queue (Dexie on fake-indexeddb) uploading
 * to the real API on a real database (PGlite; PostgreSQL in the postgres project), with faults
 * injected between them: a 500 before the server acts, a time-out after it acted (on the first batch
 * or mid-flush), the same batch delivered twice at once, a tab killed mid-flush, two doors admitting
 * one person offline.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Db } from '../../functions/api/ports/db.ts';
import { createTestApp, seededDb } from '../../functions/api/testing/test-app.ts';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';
import { CongregaDb } from '../../src/data/db.ts';
import { type DoorApi, downloadRoster } from '../../src/data/door/api.ts';
import { upload } from '../../src/data/door/queue.ts';
import { checkInLocally } from '../../src/data/door/roster.ts';
import { testDatabaseOptions } from '../postgres/databases.ts';

const EVENT = DEMO_EVENTS.happeningNow.id;
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const pg = await testDatabaseOptions(true);
  if ('databaseUrl' in pg && pg.databaseUrl) {
    const { openMigratedDatabase } = await import('../../server/db.ts');
    const database = await openMigratedDatabase({ url: pg.databaseUrl });
    db = database.db;
    close = () => database.close();
  } else {
    const database = await seededDb(new Date());
    db = database.db;
    close = database.close;
  }
  t = createTestApp({ db });
}, 120_000);
afterAll(() => close?.());

type Fault = 'none' | '500' | 'timeout-after' | 'twice';
let fault: Fault = 'none';
/** The fault hits from this sync call on (1: the first batch); the calls before it go through. */
let faultFrom = 1;
let syncCalls = 0;

/** The door's calls on the real app, with the fault of the moment. */
function door(): DoorApi {
  const token = t.tokenFor('voluntario');
  const call = async (path: string, json?: unknown) => {
    const res = await t.call(path, { token, json });
    if (res.status !== 200) throw Object.assign(new Error(res.body?.message), { code: res.body?.code });
    return res.body;
  };
  return {
    events: () => call('/v1/admin/checkin/events'),
    conflicts: (eventId) => call(`/v1/admin/checkin/events/${eventId}/conflicts`),
    roster: (eventId, q) =>
      call(`/v1/admin/checkin/events/${eventId}/roster?${new URLSearchParams(q as Record<string, string>)}`),
    sync: async (body) => {
      const fault = ++syncCalls >= faultFrom ? currentFault() : 'none';
      if (fault === '500') throw Object.assign(new Error('Erro'), { code: 'INTERNAL' });
      if (fault === 'twice') {
        const [a] = await Promise.all([
          call('/v1/admin/checkin/sync', body),
          call('/v1/admin/checkin/sync', body),
        ]);
        return a;
      }
      const answer = await call('/v1/admin/checkin/sync', body);
      if (fault === 'timeout-after') throw Object.assign(new Error('time-out'), { code: 'NETWORK' });
      return answer;
    },
  };
}

const serverCheckins = async () =>
  (
    await db.query<{ registration_id: string; device: string }>(
      'select registration_id, device from checkins where event_id = $1',
      [EVENT],
    )
  ).sort((a, b) => a.registration_id.localeCompare(b.registration_id));

let n = 0;
async function newDoor() {
  const local = new CongregaDb(`door-${++n}`);
  await local.open();
  await downloadRoster(
    {
      id: EVENT,
      title: 'x',
      starts_at: new Date().toISOString(),
      checkin_starts_at: null,
      checkin_ends_at: null,
    },
    () => {},
    {
      api: door(),
      db: local,
    },
  );
  return local;
}

const currentFault = () => fault;

beforeEach(async () => {
  fault = 'none';
  faultFrom = 1;
  syncCalls = 0;
  await db.query('delete from checkins where event_id = $1', [EVENT]);
});

describe('door outbox → API, exactly once', () => {
  it('a 500 and a time-out after the server applied the batch: the replay stores each check-in once', async () => {
    const local = await newDoor();
    const people = DEMO_ATTENDEES.slice(0, 5);
    for (const p of people)
      expect((await checkInLocally(EVENT, p.seq, 'Porta 1', local)).kind).toBe('created');
    const handler = door();

    fault = '500';
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 0, remaining: 5 });
    expect(await serverCheckins()).toEqual([]);

    fault = 'timeout-after';
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 0, remaining: 5 });
    expect(await serverCheckins()).toHaveLength(2); // the server applied the first batch; no answer came

    fault = 'none';
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 5, remaining: 0 });
    const stored = await serverCheckins();
    expect(stored.map((c) => c.registration_id)).toEqual(people.map((p) => p.registrationId).sort());
    expect(await local.checkinIssues.count()).toBe(0);
  });

  it('mid-flush: the second batch answers 500, then times out after the server applied it', async () => {
    const local = await newDoor();
    const people = DEMO_ATTENDEES.slice(0, 5);
    for (const p of people) await checkInLocally(EVENT, p.seq, 'Porta 1', local);
    const handler = door();

    fault = '500';
    faultFrom = 2;
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 2, remaining: 3 });
    expect(await serverCheckins()).toHaveLength(2);

    fault = 'timeout-after';
    faultFrom = syncCalls + 2;
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 2, remaining: 1 });
    // the last batch (one item) was applied, its answer lost: all five stored, one still queued
    expect(await serverCheckins()).toHaveLength(5);

    fault = 'none';
    expect(await upload(handler, { db: local, batch: 2 })).toMatchObject({ answered: 1, remaining: 0 });
    expect((await serverCheckins()).map((c) => c.registration_id)).toEqual(
      people.map((p) => p.registrationId).sort(),
    );
    expect(await local.checkinIssues.count()).toBe(0);
  });

  it('the same batch delivered twice at once: one check-in each, both answers created', async () => {
    const local = await newDoor();
    for (const p of DEMO_ATTENDEES.slice(0, 3)) await checkInLocally(EVENT, p.seq, 'Porta 1', local);
    fault = 'twice';
    expect(await upload(door(), { db: local })).toMatchObject({ remaining: 0 });
    expect(await serverCheckins()).toHaveLength(3);
    expect(await local.checkinIssues.count()).toBe(0);
  });

  it('a tab killed while applying the answer: the item stays queued and the replay is harmless', async () => {
    const local = await newDoor();
    await checkInLocally(EVENT, DEMO_ATTENDEES[0]!.seq, 'Porta 1', local);
    const handler = door();
    const kill = vi.spyOn(local.outbox, 'bulkDelete').mockRejectedValueOnce(new Error('killed'));
    await expect(upload(handler, { db: local })).rejects.toThrow('killed');
    kill.mockRestore();
    expect(await local.outbox.count()).toBe(1);
    expect(await serverCheckins()).toHaveLength(1);
    await upload(handler, { db: local });
    expect(await local.outbox.count()).toBe(0);
    expect(await serverCheckins()).toHaveLength(1);
    expect(await local.checkinIssues.count()).toBe(0);
  });

  it('two doors admit the same person offline: one check-in, the later door gets a conflict', async () => {
    const a = await newDoor();
    const b = await newDoor();
    const p = DEMO_ATTENDEES[2]!;
    await checkInLocally(EVENT, p.seq, 'Porta A', a);
    await checkInLocally(EVENT, `checkin:${p.registrationId}`, 'Porta B', b);
    await upload(door(), { db: a });
    await upload(door(), { db: b });
    expect(await serverCheckins()).toEqual([{ registration_id: p.registrationId, device: 'Porta A' }]);
    expect(await a.checkinIssues.count()).toBe(0);
    expect(await b.checkinIssues.toArray()).toEqual([
      expect.objectContaining({ kind: 'conflict', name: p.name, device: 'Porta A' }),
    ]);
  });
});
