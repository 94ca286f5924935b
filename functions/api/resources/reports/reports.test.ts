import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINREG_DEMO } from '../../../../server/seed/adminreg.ts';
import { DEMO_EVENTS, DEMO_REGISTRATIONS } from '../../../../server/seed/demo.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import {
  type AttendeeRow,
  type BadgeRow,
  DELETED_REGIONAL,
  type ReportEvent,
  type ReportLocations,
  type ReportSummary,
  regionalLabel,
  templeLabel,
  VISITORS_REGIONAL,
} from '../../../../src/domain/reports.ts';
import type { Db } from '../../ports/db.ts';
import { createTestApp, seededDb } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite (and PostgreSQL in the postgres project).
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await seededDb();
  db = database.db;
  close = database.close;
  t = createTestApp({ db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const conference = DEMO_EVENTS.conference.id;
const q = `?event=${conference}`;

const REPORT_PATHS = [
  '/v1/admin/reports/events',
  `/v1/admin/reports${q}`,
  `/v1/admin/reports/my-locations${q}`,
  `/v1/admin/reports/atendees-per-location/Zona%20Sul${q}`,
];

async function get<T>(path: string, as: 'lider' | 'admin' | 'secretaria' = 'lider'): Promise<T> {
  const res = await t.call(path, { token: t.tokenFor(as) });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/** The conference's registrations, one plain row each: the counts below are taken from these. */
async function plainRows() {
  return db.query<{
    id: string;
    status: string;
    temple_id: string | null;
    regional: string | null;
    name: string;
  }>(
    `select r.id, r.status, p.temple_id, t.regional, p.name
       from public.registrations r
       join public.profiles p on p.id = r.user_id
       left join public.temples t on t.id = p.temple_id
      where r.event_id = $1`,
    [conference],
  );
}

describe('permissions', () => {
  it('401 without a token on every report and badge route', async () => {
    for (const path of [...REPORT_PATHS, `/v1/admin/badges${q}`]) {
      expect(await t.call(path), path).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    }
  });

  it('reports: 403 without the permission (member, volunteer, secretaria); lider and admin read', async () => {
    for (const who of ['membro', 'voluntario', 'secretaria'] as const) {
      for (const path of REPORT_PATHS) {
        expect(await t.call(path, { token: t.tokenFor(who) }), `${who} ${path}`).toMatchObject({
          status: 403,
          body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN },
        });
      }
    }
    for (const who of ['lider', 'admin'] as const) {
      for (const path of REPORT_PATHS) {
        expect((await t.call(path, { token: t.tokenFor(who) })).status, `${who} ${path}`).toBe(200);
      }
    }
  });

  it('badges: read_confirmations (secretaria, lider, admin); 403 for a member and a volunteer', async () => {
    for (const who of ['membro', 'voluntario'] as const) {
      expect(await t.call(`/v1/admin/badges${q}`, { token: t.tokenFor(who) })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
    }
    for (const who of ['secretaria', 'lider', 'admin'] as const) {
      expect((await t.call(`/v1/admin/badges${q}`, { token: t.tokenFor(who) })).status, who).toBe(200);
    }
  });
});

describe('bad input', () => {
  it('an event that is not an id is 400 in pt-BR; an unknown or deleted one 404', async () => {
    for (const path of [
      '/v1/admin/reports',
      '/v1/admin/reports?event=abc',
      '/v1/admin/reports/my-locations?event=1',
      '/v1/admin/reports/atendees-per-location/x?event=%27%3B',
      '/v1/admin/badges?event=',
    ]) {
      const res = await t.call(path, { token: t.tokenFor('admin') });
      expect(res, path).toMatchObject({
        status: 400,
        body: { code: 'INVALID_DATA', message: apiErrors.INVALID_DATA },
      });
    }
    const long = 'x'.repeat(101);
    expect(
      (await t.call(`/v1/admin/reports/atendees-per-location/${long}${q}`, { token: t.tokenFor('admin') }))
        .status,
    ).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', DEMO_EVENTS.deleted.id]) {
      for (const path of [
        `/v1/admin/reports?event=${id}`,
        `/v1/admin/reports/my-locations?event=${id}`,
        `/v1/admin/reports/atendees-per-location/Sede?event=${id}`,
        `/v1/admin/badges?event=${id}`,
      ]) {
        expect(await t.call(path, { token: t.tokenFor('admin') }), path).toMatchObject({
          status: 404,
          body: { code: 'EVENT_NOT_FOUND' },
        });
      }
    }
  });
});

describe('numbers', () => {
  it('lists the events with registrations, sub-events naming their parent', async () => {
    const events = await get<ReportEvent[]>('/v1/admin/reports/events');
    const ids = events.map((e) => e.id);
    expect(ids).toContain(conference);
    expect(ids).toContain(DEMO_EVENTS.happeningNow.id);
    expect(ids).not.toContain(DEMO_EVENTS.deleted.id);
    expect(ids).not.toContain(DEMO_EVENTS.openEvent.id); // nobody registered
    for (const e of events) if (e.parent_id) expect(ids).toContain(e.parent_id);
    // the conference's sub-events (no registrations of their own) are listed under it
    expect(events.find((e) => e.id === DEMO_EVENTS.workshop.id)?.parent_id).toBe(conference);
  });

  it('the summary equals the counts taken row by row', async () => {
    const rows = await plainRows();
    expect(rows.length).toBeGreaterThan(10);
    const report = await get<ReportSummary>(`/v1/admin/reports${q}`);
    const paid = rows.filter((r) => r.status === 'paid');
    expect(report.event).toEqual({ id: conference, title: DEMO_EVENTS.conference.title });
    expect(report.registrations).toBe(rows.length);
    expect(report.participants).toBe(paid.length);
    expect(report.congregations).toBe(new Set(paid.map((r) => r.temple_id).filter(Boolean)).size);

    const count = <T>(xs: T[], key: (x: T) => string) => {
      const m = new Map<string, number>();
      for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
      return Object.fromEntries(m);
    };
    expect(Object.fromEntries(report.status.map((s) => [s.status, s.cnt]))).toEqual(
      count(rows, (r) => r.status),
    );
    expect(Object.fromEntries(report.regional.map((s) => [s.regional, s.cnt]))).toEqual(
      count(paid, (r) => r.regional ?? 'custom'),
    );
    const active = rows.filter((r) => ['pending', 'analysis', 'paid'].includes(r.status));
    expect(Object.fromEntries(report.temples.map((s) => [String(s.id), s.total]))).toEqual(
      count(active, (r) => String(r.temple_id)),
    );
    expect(report.temples.reduce((n, s) => n + s.cnt, 0)).toBe(paid.length);
    // the table names each congregation and its regional
    expect(report.temples.every((s) => s.name && s.regional)).toBe(true);
    // several statuses and regionals: the pie and the bar have something to draw
    expect(report.status.length).toBeGreaterThanOrEqual(4);
    expect(report.regional.length).toBeGreaterThanOrEqual(2);
  });

  it('locations and attendees add up to the registrations, per regional and per congregation', async () => {
    const rows = await plainRows();
    const locations = await get<ReportLocations>(`/v1/admin/reports/my-locations${q}`);
    expect(locations.regionals.reduce((n, r) => n + r.cnt, 0)).toBe(rows.length);
    for (const regional of locations.regionals) {
      const people = await get<AttendeeRow[]>(
        `/v1/admin/reports/atendees-per-location/${encodeURIComponent(regional.regional)}${q}`,
      );
      expect(people.length, regional.regional).toBe(regional.cnt);
      expect(people.every((p) => p.regional === regional.regional)).toBe(true);
    }
    for (const temple of locations.temples) {
      const people = await get<AttendeeRow[]>(`/v1/admin/reports/atendees-per-location/${temple.id}${q}`);
      expect(people.length, temple.name).toBe(rows.filter((r) => r.temple_id === temple.id).length);
      expect(people.every((p) => p.temple_name === temple.name)).toBe(true);
    }
    expect(await get<AttendeeRow[]>(`/v1/admin/reports/atendees-per-location/Nenhuma${q}`)).toEqual([]);
  });

  it('an attendee row: name, congregation, regional, latest method, status, date, value', async () => {
    const seeded = ADMINREG_DEMO.confirmations.find((a) => a.name === 'Júlia Araújo Ferreira')!;
    const [mine] = await db.query<{ temple_id: string }>(
      'select temple_id from public.profiles where id = $1',
      [seeded.userId],
    );
    const people = await get<AttendeeRow[]>(`/v1/admin/reports/atendees-per-location/${mine!.temple_id}${q}`);
    const row = people.find((p) => p.name === seeded.name);
    expect(row).toMatchObject({ strategy: 'file', status: 'analysis', frozen_value: 4500 });
    expect(new Date(row!.created_at).toISOString()).toBe(row!.created_at);
    // sorted by name without accents
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const names = people.map((p) => fold(p.name));
    expect(names).toEqual([...names].sort());
  });

  it('badges: the paid registrations of the event, with their codes', async () => {
    const rows = await plainRows();
    const { event, badges } = await get<{ event: { title: string }; badges: BadgeRow[] }>(
      `/v1/admin/badges${q}`,
      'secretaria',
    );
    expect(event.title).toBe(DEMO_EVENTS.conference.title);
    expect(badges.map((b) => b.registration_id).sort()).toEqual(
      rows
        .filter((r) => r.status === 'paid')
        .map((r) => r.id)
        .sort(),
    );
    const membro = badges.find((b) => b.registration_id === DEMO_REGISTRATIONS.membroConference.id);
    expect(membro).toMatchObject({
      seq: DEMO_REGISTRATIONS.membroConference.seq,
      name: 'Mateus Oliveira Santos',
    });
  });
});

describe('attendance per session and per day', () => {
  it('counts each person once per session and once per São Paulo day; people once in all', async () => {
    const before = (await get<ReportSummary>(`/v1/admin/reports${q}`)).attendance;
    expect(before).toEqual({ checked_in: 0, sessions: [], days: [] });
    const put = await t.call(`/v1/admin/events/${conference}/sessions`, {
      method: 'PUT',
      token: t.tokenFor('admin'),
      json: [
        { name: 'Sexta', starts_at: '2026-12-04T12:00:00.000Z', ends_at: '2026-12-05T03:00:00.000Z' },
        { name: 'Sábado', starts_at: '2026-12-05T12:00:00.000Z', ends_at: '2026-12-06T03:00:00.000Z' },
      ],
    });
    expect(put.status).toBe(200);
    const [fri, sat] = put.body as { id: string }[];
    // membro@ on both days; Friday 23:30 in São Paulo is Saturday in UTC, counted on Friday
    await db.query(
      `insert into checkins (event_id, user_id, registration_id, session_id, scanned_at)
       select r.event_id, r.user_id, r.id, s.session, s.at::timestamptz from registrations r,
       (values ($2::uuid, '2026-12-05T02:30:00Z'), ($3::uuid, '2026-12-05T13:00:00Z')) as s(session, at)
       where r.id = $1`,
      [DEMO_REGISTRATIONS.membroConference.id, fri!.id, sat!.id],
    );
    const { attendance } = await get<ReportSummary>(`/v1/admin/reports${q}`);
    expect(attendance.checked_in).toBe(1);
    expect(attendance.sessions.map((s) => [s.name, s.cnt])).toEqual([
      ['Sexta', 1],
      ['Sábado', 1],
    ]);
    expect(attendance.days).toEqual([
      { day: '2026-12-04', cnt: 1 },
      { day: '2026-12-05', cnt: 1 },
    ]);
  });
});

// Last: it deletes an account of the seeded data.
describe('a deleted account', () => {
  it('counts as «Conta excluída», not as visitors, in every report, and gets no badge', async () => {
    const rows = await plainRows();
    const gone = rows.find((r) => r.status === 'paid' && r.temple_id && r.name !== 'Mateus Oliveira Santos')!;
    const [{ user_id }] = (await db.query<{ user_id: string }>(
      'select user_id from public.registrations where id = $1',
      [gone.id],
    )) as [{ user_id: string }];
    const own = rows.filter((r) => r.temple_id === gone.temple_id);
    const before = await get<ReportSummary>(`/v1/admin/reports${q}`);
    const visitorsBefore = before.regional.find((r) => r.regional === VISITORS_REGIONAL)?.cnt ?? 0;
    // as POST /v1/me/delete leaves the profile (privacy.service.ts)
    await db.query(
      `update public.profiles set name = $2, email = '', cpf = null, phone = null, temple_id = null,
              other_church = null, deleted_at = now() where id = $1`,
      [user_id, 'Conta excluída'],
    );
    const [{ count }] = (await db.query<{ count: number }>(
      `select count(*)::int as count from public.registrations r
        where r.event_id = $1 and r.user_id = $2 and r.guest_name is null`,
      [conference, user_id],
    )) as [{ count: number }];
    const paidGone = (
      await db.query<{ id: string }>(
        `select id from public.registrations where event_id = $1 and user_id = $2 and guest_name is null
            and status = 'paid'`,
        [conference, user_id],
      )
    ).map((r) => r.id);
    expect(paidGone).toContain(gone.id);

    const report = await get<ReportSummary>(`/v1/admin/reports${q}`);
    expect(report.registrations).toBe(before.registrations);
    expect(report.regional.find((r) => r.regional === DELETED_REGIONAL)?.cnt).toBe(paidGone.length);
    expect(report.regional.find((r) => r.regional === VISITORS_REGIONAL)?.cnt ?? 0).toBe(visitorsBefore);
    const table = report.temples.find((r) => r.regional === DELETED_REGIONAL);
    expect(table).toMatchObject({ id: null, name: null, cnt: paidGone.length });
    expect(templeLabel(table!.name, table!.regional)).toBe('Conta excluída');
    expect(regionalLabel(DELETED_REGIONAL)).toBe('Conta excluída');
    expect(report.temples.find((r) => r.id === gone.temple_id)?.total ?? 0).toBeLessThan(
      own.filter((r) => ['pending', 'analysis', 'paid'].includes(r.status)).length,
    );

    const locations = await get<ReportLocations>(`/v1/admin/reports/my-locations${q}`);
    expect(locations.regionals.find((r) => r.regional === DELETED_REGIONAL)?.cnt).toBe(count);
    const people = await get<AttendeeRow[]>(
      `/v1/admin/reports/atendees-per-location/${DELETED_REGIONAL}${q}`,
    );
    expect(people).toHaveLength(count);
    expect(people.every((p) => p.name === 'Conta excluída' && p.regional === DELETED_REGIONAL)).toBe(true);
    const visitors = await get<AttendeeRow[]>(
      `/v1/admin/reports/atendees-per-location/${VISITORS_REGIONAL}${q}`,
    );
    expect(visitors.some((p) => p.name === 'Conta excluída')).toBe(false);

    const { badges } = await get<{ badges: BadgeRow[] }>(`/v1/admin/badges${q}`, 'secretaria');
    expect(badges.some((b) => b.name === 'Conta excluída')).toBe(false);
    expect(badges.map((b) => b.registration_id)).not.toContain(gone.id);
    expect(badges).toHaveLength(rows.filter((r) => r.status === 'paid').length - paidGone.length);
  });
});
