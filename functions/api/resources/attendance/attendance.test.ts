import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ATTENDEES } from '../../../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../../../server/seed/demo.ts';
import { type Attendance, attendanceView } from '../../../../src/domain/attendance.ts';
import type { CheckinSession } from '../../../../src/domain/checkin.ts';
import type { Db } from '../../ports/db.ts';
import { type DoorItem, doorSync } from '../../testing/door-sync.ts';
import { createTestApp, seededDb, TEST_NOW } from '../../testing/test-app.ts';

// Who came, live: the event's attendance for staff, a caravan's for its leader.
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;
const EVENT = DEMO_EVENTS.happeningNow.id;
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms).toISOString();
const GROUP = randomUUID();
const GUESTS = [
  { id: randomUUID(), name: 'Caio Visitante Souza', cpf: '52998224725' },
  { id: randomUUID(), name: 'Bruna Visitante Lima', cpf: '11144477735' },
];
const [ana, bia] = DEMO_ATTENDEES;
const pending = DEMO_ATTENDEES.at(-1)!;
let days: CheckinSession[] = [];

beforeAll(async () => {
  const database = await seededDb();
  db = database.db;
  close = database.close;
  t = createTestApp({ db });
  // a caravan of two guests led by membro@, paid
  await db.query(
    `insert into public.registration_groups (id, event_id, tier_id, leader_id, strategy, frozen_total, people)
     values ($1, $2, $3, $4, 'open', 0, 2)`,
    [GROUP, EVENT, DEMO_TIERS.happeningNowFree.id, DEMO_USERS.membro.id],
  );
  for (const g of GUESTS) {
    await db.query(
      `insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status, group_id, guest_name, guest_cpf)
       values ($1, $2, $3, $4, 0, 'paid', $5, $6, $7)`,
      [g.id, DEMO_USERS.membro.id, DEMO_TIERS.happeningNowFree.id, EVENT, GROUP, g.name, g.cpf],
    );
  }
  const res = await t.call(`/v1/admin/events/${EVENT}/sessions`, {
    method: 'PUT',
    json: [
      { name: 'Dia 1', starts_at: at(-DAY / 2), ends_at: at(DAY / 2) },
      { name: 'Dia 2', starts_at: at(DAY / 2), ends_at: at((3 * DAY) / 2) },
    ],
    token: t.tokenFor('admin'),
  });
  expect(res.status).toBe(200);
  days = res.body;
}, 120_000);
afterAll(async () => {
  await close?.();
});

const sync = (items: DoorItem[], device?: string) => doorSync(t, EVENT, items, device);

describe('attendance', () => {
  it('session changes are audited: who, the event, before and after', async () => {
    const rows = await db.query<{
      actor_id: string;
      details: { event_id: string; before: unknown[]; after: { name: string }[] };
    }>(`select actor_id, details from public.audit_log where action = 'event.sessions'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBe(DEMO_USERS.admin.id);
    expect(rows[0]!.details.event_id).toBe(EVENT);
    expect(rows[0]!.details.before).toEqual([]);
    expect(rows[0]!.details.after.map((s) => s.name)).toEqual(['Dia 1', 'Dia 2']);
  });

  it('staff read who came per session, congregation and caravan (with who is missing)', async () => {
    const [day1, day2] = days;
    await sync(
      [
        { registrationId: ana!.registrationId, sessionId: day1!.id },
        { registrationId: GUESTS[0]!.id, sessionId: day1!.id },
      ],
      'Porta A',
    );
    await sync([{ registrationId: ana!.registrationId, sessionId: day2!.id, scannedAt: at(DAY) }], 'Porta B');
    const res = await t.call(`/v1/admin/events/${EVENT}/attendance`, { token: t.tokenFor('voluntario') });
    expect(res.status).toBe(200);
    const body = res.body as Attendance;
    expect(body.event.id).toBe(EVENT);
    expect(body.sessions.map((s) => s.name)).toEqual(['Dia 1', 'Dia 2']);
    expect(body.caravans).toEqual([{ id: GROUP, leader: DEMO_USERS.membro.name }]);
    const ids = body.people.map((p) => p.id);
    // paid people only: the pending registration is not expected
    expect(ids).toContain(bia!.registrationId);
    expect(ids).not.toContain(pending.registrationId);
    const anaRow = body.people.find((p) => p.id === ana!.registrationId)!;
    expect(anaRow.congregation).toBe('Sede');
    expect(anaRow.checkins.map((c) => [c.session, c.device]).sort()).toEqual(
      [
        [day1!.id, 'Porta A'],
        [day2!.id, 'Porta B'],
      ].sort(),
    );
    const d1 = attendanceView(body, day1!.id);
    const d2 = attendanceView(body, day2!.id);
    expect(d1.arrived).toBe(2);
    expect(d2.arrived).toBe(1);
    expect(attendanceView(body, null).arrived).toBe(2);
    expect(d1.temples.find((c) => c.name === 'Sede')).toMatchObject({ arrived: 1 });
    expect(d1.caravans).toEqual([
      expect.objectContaining({ key: GROUP, arrived: 1, expected: 2, missing: [GUESTS[1]!.name] }),
    ]);
    expect(d2.caravans[0]).toMatchObject({ arrived: 0, missing: [GUESTS[1]!.name, GUESTS[0]!.name] });
  });

  it('only staff with checkin or reports read it; a bad id changes nothing and is not a 500', async () => {
    expect(
      (await t.call(`/v1/admin/events/${EVENT}/attendance`, { token: t.tokenFor('lider') })).status,
    ).toBe(200);
    for (const who of ['secretaria', 'membro'] as const) {
      expect((await t.call(`/v1/admin/events/${EVENT}/attendance`, { token: t.tokenFor(who) })).status).toBe(
        403,
      );
    }
    expect((await t.call(`/v1/admin/events/${EVENT}/attendance`)).status).toBe(401);
    const bad = await t.call('/v1/admin/events/nao-e-id/attendance', { token: t.tokenFor('admin') });
    expect(bad).toMatchObject({ status: 404, body: { code: 'EVENT_NOT_FOUND' } });
    const none = await t.call(`/v1/admin/events/${randomUUID()}/attendance`, { token: t.tokenFor('admin') });
    expect(none).toMatchObject({ status: 404, body: { code: 'EVENT_NOT_FOUND' } });
  });

  it('a caravan leader reads their own caravan only', async () => {
    const res = await t.call(`/v1/caravans/${GROUP}/attendance`, { token: t.tokenFor('membro') });
    expect(res.status).toBe(200);
    const body = res.body as Attendance;
    expect(body.people.map((p) => p.name).sort()).toEqual(GUESTS.map((g) => g.name).sort());
    expect(body.people.find((p) => p.id === GUESTS[0]!.id)!.checkins).toHaveLength(1);
    expect(body.caravans).toEqual([{ id: GROUP, leader: DEMO_USERS.membro.name }]);
    // another member, even staff, is not its leader: not found (nothing says it exists)
    for (const who of ['lider', 'admin'] as const) {
      const other = await t.call(`/v1/caravans/${GROUP}/attendance`, { token: t.tokenFor(who) });
      expect(other).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await t.call('/v1/caravans/x/attendance', { token: t.tokenFor('membro') })).status).toBe(404);
  });
});

describe('conflicts on the live screen', () => {
  it('a ticket admitted by two doors is listed for staff with checkin or reports, with both doors', async () => {
    const [day1] = days;
    await sync([{ registrationId: bia!.registrationId, sessionId: day1!.id }], 'Porta A');
    await sync(
      [{ registrationId: bia!.registrationId, sessionId: day1!.id, scannedAt: at(60_000) }],
      'Porta B',
    );
    const res = await t.call(`/v1/admin/events/${EVENT}/attendance/conflicts`, {
      token: t.tokenFor('lider'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        registration_id: bia!.registrationId,
        device: 'Porta B',
        winner_device: 'Porta A',
        session: 'Dia 1',
      }),
    ]);
    for (const who of ['secretaria', 'membro'] as const) {
      expect(
        (await t.call(`/v1/admin/events/${EVENT}/attendance/conflicts`, { token: t.tokenFor(who) })).status,
      ).toBe(403);
    }
  });
});
