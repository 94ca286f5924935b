import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ATTENDEES } from '../../../../server/seed/checkin.ts';
import { DEMO_EVENTS } from '../../../../server/seed/demo.ts';
import type {
  CheckinConflict,
  CheckinEvent,
  CheckinSession,
  RosterPage,
} from '../../../../src/domain/checkin.ts';
import { checkinMessages } from '../../../../src/domain/messages/checkin.ts';
import type { Db } from '../../ports/db.ts';
import { type DoorItem, doorSync } from '../../testing/door-sync.ts';
import { createTestApp, seededDb, TEST_NOW } from '../../testing/test-app.ts';

// A three-day camp at the door: sessions set by staff, a ticket admitted once per session.
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;
const EVENT = DEMO_EVENTS.happeningNow.id;
const [ana, bia] = DEMO_ATTENDEES;
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms).toISOString();

beforeAll(async () => {
  const database = await seededDb();
  db = database.db;
  close = database.close;
  t = createTestApp({ db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const admin = () => t.tokenFor('admin');
const put = (json: unknown, token = admin()) =>
  t.call(`/v1/admin/events/${EVENT}/sessions`, { method: 'PUT', json, token });
const sync = (items: DoorItem[], device?: string) => doorSync(t, EVENT, items, device);

describe('check-in sessions', () => {
  let days: CheckinSession[] = [];

  it('only staff with write_events set them; bad input changes nothing', async () => {
    const body = [{ name: 'Dia 1', starts_at: at(-DAY / 2), ends_at: at(DAY / 2) }];
    for (const who of ['voluntario', 'secretaria', 'membro'] as const) {
      expect((await put(body, t.tokenFor(who))).status).toBe(403);
    }
    const bad = await put([{ name: ' ', starts_at: at(0), ends_at: at(-1) }]);
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_DATA' } });
    expect((await put([{ id: randomUUID(), name: 'X', starts_at: at(0), ends_at: at(1000) }])).status).toBe(
      400,
    );
    expect((await t.call(`/v1/admin/events/${EVENT}/sessions`, { token: admin() })).body).toEqual([]);
  });

  it('a three-day camp: the door gets its sessions with the event list', async () => {
    const res = await put([
      { name: 'Dia 2', starts_at: at(DAY / 2), ends_at: at((3 * DAY) / 2) },
      { name: 'Dia 1', starts_at: at(-DAY / 2), ends_at: at(DAY / 2) },
      { name: 'Dia 3', starts_at: at((3 * DAY) / 2), ends_at: at((5 * DAY) / 2) },
    ]);
    expect(res.status).toBe(200);
    days = res.body;
    expect(days.map((d) => d.name)).toEqual(['Dia 1', 'Dia 2', 'Dia 3']);
    const events = (await t.call('/v1/admin/checkin/events', { token: t.tokenFor('voluntario') }))
      .body as CheckinEvent[];
    expect(events.find((e) => e.id === EVENT)?.sessions).toEqual(days);
  });

  it('admits a ticket once per session: day 1, again on day 2, never twice on one day', async () => {
    const [day1, day2] = days;
    expect((await sync([{ registrationId: ana!.registrationId, sessionId: day1!.id }]))[0]!.kind).toBe(
      'created',
    );
    const twice = await sync([{ registrationId: ana!.registrationId, sessionId: day1!.id }], 'Porta 2');
    expect(twice[0]).toMatchObject({ kind: 'conflict', device: 'Porta' });
    const next = await sync(
      [{ registrationId: ana!.registrationId, sessionId: day2!.id, scannedAt: at(DAY) }],
      'Porta 2',
    );
    expect(next[0]!.kind).toBe('created');
    // no session named: the one under way when scanned (day 1 now)
    expect((await sync([{ registrationId: bia!.registrationId }]))[0]!.kind).toBe('created');
    const rows = await db.query<{ name: string }>(
      `select s.name from checkins c join event_sessions s on s.id = c.session_id
       where c.registration_id = $1 order by s.starts_at`,
      [bia!.registrationId],
    );
    expect(rows.map((r) => r.name)).toEqual(['Dia 1']);
    // a session of no event of this door: not found, nothing stored
    expect((await sync([{ registrationId: bia!.registrationId, sessionId: randomUUID() }]))[0]!.kind).toBe(
      'not_found',
    );
    // the roster carries each person's latest check-in and its session
    const roster = (
      await t.call(`/v1/admin/checkin/events/${EVENT}/roster`, { token: t.tokenFor('voluntario') })
    ).body as RosterPage;
    expect(roster.entries.find((e) => e.id === ana!.registrationId)).toMatchObject({
      checked_in_session: day2!.id,
      checked_in_device: 'Porta 2',
    });
  });

  it('a session with check-ins cannot be removed; one without can', async () => {
    const res = await put(days.slice(1));
    expect(res).toMatchObject({ status: 400, body: { message: checkinMessages.sessionHasCheckins } });
    const kept = await put(days.slice(0, 2).map((d) => ({ ...d, name: `${d.name} (sex)` })));
    expect(kept.status).toBe(200);
    expect(kept.body.map((d: CheckinSession) => d.name)).toEqual(['Dia 1 (sex)', 'Dia 2 (sex)']);
  });
});

describe('sync conflicts kept on the server', () => {
  it('two doors, one ticket, one session: listed for staff with both devices and times, once however often replayed', async () => {
    const [day1] = (await t.call(`/v1/admin/events/${EVENT}/sessions`, { token: admin() }))
      .body as CheckinSession[];
    const lari = DEMO_ATTENDEES[3]!;
    expect(
      (await sync([{ registrationId: lari.registrationId, sessionId: day1!.id }], 'Porta A'))[0]!.kind,
    ).toBe('created');
    const item = {
      clientId: randomUUID(),
      registrationId: lari.registrationId,
      sessionId: day1!.id,
      scannedAt: at(60_000),
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.call('/v1/admin/checkin/sync', {
        json: { eventId: EVENT, device: 'Porta B', items: [item] },
        token: t.tokenFor('voluntario'),
      });
      expect(res.body.results[0].kind).toBe('conflict');
    }
    const path = `/v1/admin/checkin/events/${EVENT}/conflicts`;
    expect((await t.call(path, { token: t.tokenFor('membro') })).status).toBe(403);
    const list = (await t.call(path, { token: t.tokenFor('voluntario') })).body as CheckinConflict[];
    const mine = list.filter((c) => c.registration_id === lari.registrationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      name: lari.name,
      session: day1!.name,
      device: 'Porta B',
      winner_device: 'Porta A',
    });
    expect(mine[0]!.at).toBeTruthy();
    expect(mine[0]!.winner_at).toBeTruthy();
  });
});
