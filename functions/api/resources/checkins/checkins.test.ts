import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ATTENDEES } from '../../../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_TIERS, DEMO_USERS } from '../../../../server/seed/demo.ts';
import {
  type CheckinOutcome,
  type RosterPage,
  rosterCpfTag,
  type SyncOutcome,
} from '../../../../src/domain/checkin.ts';
import { checkinMessages } from '../../../../src/domain/messages/checkin.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import type { Db } from '../../ports/db.ts';
import { makeUsers } from '../../testing/checkout-fixtures.ts';
import { createTestApp, seededDb, TEST_NOW } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite; tokens are fakes naming the demo users.
let t: ReturnType<typeof createTestApp>;
let db: Db;
let close: () => Promise<void>;
const EVENT = DEMO_EVENTS.happeningNow.id;
const [ana, bia, rafa, lari, , , , , , , , pending] = DEMO_ATTENDEES;

beforeAll(async () => {
  const database = await seededDb();
  db = database.db;
  close = database.close;
  t = createTestApp({ db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const volunteer = () => t.tokenFor('voluntario');
const checkinCount = async (userId: string) =>
  Number(
    (
      await db.query<{ n: number }>('select count(*)::int as n from checkins where user_id = $1', [userId])
    )[0]!.n,
  );

describe('permission checkin, checked on the server', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/v1/admin/checkin/events'],
    ['GET', `/v1/admin/checkin/events/${EVENT}/roster`],
    ['POST', '/v1/admin/checkin', { scanned: `checkin:${ana!.registrationId}`, eventId: EVENT }],
    [
      'POST',
      '/v1/admin/checkin/sync',
      {
        eventId: EVENT,
        items: [
          { clientId: randomUUID(), registrationId: ana!.registrationId, scannedAt: TEST_NOW.toISOString() },
        ],
      },
    ],
  ];
  it.each(routes)(
    '%s %s: 401 without a token, 403 for membro, secretaria and lider',
    async (method, path, json) => {
      expect((await t.call(path, { method, json })).status).toBe(401);
      for (const who of ['membro', 'secretaria', 'lider'] as const) {
        const res = await t.call(path, { method, json, token: t.tokenFor(who) });
        expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN } });
      }
      expect(await checkinCount(ana!.id)).toBe(0);
    },
  );
});

describe('GET /v1/admin/checkin/events', () => {
  it('lists events started within the last week or upcoming', async () => {
    const res = await t.call('/v1/admin/checkin/events', { token: volunteer() });
    expect(res.status).toBe(200);
    const ids = res.body.map((e: { id: string }) => e.id);
    expect(ids).toContain(EVENT);
    expect(ids).toContain(DEMO_EVENTS.conference.id);
    expect(ids).not.toContain(DEMO_EVENTS.pastRetreat.id);
    expect(ids).not.toContain(DEMO_EVENTS.deleted.id);
  });
});

describe('GET roster', () => {
  it('pages the roster with short keyed CPF tags, never the CPF nor a reversible hash', async () => {
    const res = await t.call(`/v1/admin/checkin/events/${EVENT}/roster`, { token: volunteer() });
    expect(res.status).toBe(200);
    const page = res.body as RosterPage;
    expect(page.total).toBe(DEMO_ATTENDEES.length + 1);
    expect(page.next).toBeNull();
    const row = page.entries.find((e) => e.id === ana!.registrationId)!;
    expect(row).toMatchObject({
      seq: ana!.seq,
      name: ana!.name,
      congregation: 'Sede',
      paid: true,
      checked_in_at: null,
    });
    // a 16-bit keyed tag (about 15,000 CPFs share each), with the event's key kept on the server
    expect(page.cpf_key).toMatch(/^[0-9a-f]{64}$/);
    expect(row.cpf_hash).toBe(
      createHash('sha256').update(`${page.cpf_key}:${ana!.cpf}`).digest('hex').slice(0, 4),
    );
    expect(await rosterCpfTag(page.cpf_key, ana!.cpf)).toBe(row.cpf_hash);
    // the same key on every page and pull of the event; another event has its own
    const pull = await t.call(`/v1/admin/checkin/events/${EVENT}/roster?since=2000-01-01T00:00:00Z`, {
      token: volunteer(),
    });
    expect(pull.body.cpf_key).toBe(page.cpf_key);
    const other = await t.call(`/v1/admin/checkin/events/${DEMO_EVENTS.conference.id}/roster`, {
      token: volunteer(),
    });
    expect(other.body.cpf_key).not.toBe(page.cpf_key);
    expect(JSON.stringify(page)).not.toContain(ana!.cpf);
    expect(page.entries.find((e) => e.id === pending!.registrationId)?.paid).toBe(false);
    expect(page.entries.some((e) => e.id === DEMO_REGISTRATIONS.membroConference.id)).toBe(false);
  });

  it('bad ids and cursors are 404 / 400, not 500', async () => {
    expect((await t.call('/v1/admin/checkin/events/nope/roster', { token: volunteer() })).status).toBe(404);
    const bad = await t.call(`/v1/admin/checkin/events/${EVENT}/roster?since=ontem`, { token: volunteer() });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_DATA' } });
  });
});

describe('POST /v1/admin/checkin', () => {
  it('checks in by scanned QR and answers the name', async () => {
    const res = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { scanned: `checkin:${ana!.registrationId}`, device: 'Porta 1', eventId: EVENT },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'created',
      name: ana!.name,
      message: 'Checkin de Gabriel feito!',
    });
    expect(await checkinCount(ana!.id)).toBe(1);
    const again = (
      await t.call('/v1/admin/checkin', {
        token: volunteer(),
        json: { scanned: `checkin:${ana!.registrationId}`, eventId: EVENT },
      })
    ).body as CheckinOutcome;
    expect(again).toMatchObject({ kind: 'already', device: 'Porta 1' });
    expect(again.message).toContain('Gabriel já fez checkin às');
    expect(await checkinCount(ana!.id)).toBe(1);
  });

  it('checks in by manual code and by CPF with the event', async () => {
    const byCode = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: `${bia!.seq.slice(0, 3)}-${bia!.seq.slice(3)}`, eventId: EVENT },
    });
    expect(byCode.body).toMatchObject({ kind: 'created', name: bia!.name });
    const byCpf = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: rafa!.cpf, eventId: EVENT },
    });
    expect(byCpf.body).toMatchObject({ kind: 'created', name: rafa!.name });
  });

  it('answers not found and not paid without checking anyone in', async () => {
    const unknown = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: '000-001', eventId: EVENT },
    });
    expect(unknown.body).toMatchObject({ kind: 'not_found', message: checkinMessages.notFound });
    const otherEvent = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: DEMO_REGISTRATIONS.membroConference.seq, eventId: EVENT },
    });
    expect(otherEvent.body).toMatchObject({ kind: 'not_found' });
    const unpaid = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: pending!.seq, eventId: EVENT },
    });
    expect(unpaid.body).toMatchObject({ kind: 'not_paid', name: pending!.name });
    expect(await checkinCount(pending!.id)).toBe(0);
  });

  it('refuses bad input with a pt-BR message', async () => {
    const cases: [unknown, string][] = [
      [{ manual: '123456' }, checkinMessages.chooseEventFirst],
      [{ manual: '529.982.247-24', eventId: EVENT }, checkinMessages.invalidCpf],
      [{ scanned: 'https://evil.example', eventId: EVENT }, checkinMessages.invalidCode],
      [{ scanned: '123-456', eventId: EVENT }, checkinMessages.invalidCode],
      [{ eventId: EVENT }, checkinMessages.invalidCode],
      [{ scanned: `checkin:${ana!.registrationId}` }, checkinMessages.chooseEventFirst],
      [
        { scanned: `checkin:${ana!.registrationId}`, eventId: EVENT, device: 'Porta <b>1</b>' },
        checkinMessages.deviceInvalid,
      ],
      [
        { scanned: `checkin:${ana!.registrationId}`, eventId: EVENT, device: 'x'.repeat(61) },
        checkinMessages.deviceInvalid,
      ],
      [
        { scanned: `checkin:${ana!.registrationId}`, eventId: EVENT, device: 'Porta\u00071' },
        checkinMessages.deviceInvalid,
      ],
      [
        { scanned: `checkin:${ana!.registrationId}`, manual: '123456', eventId: EVENT },
        checkinMessages.invalidCode,
      ],
    ];
    for (const [json, message] of cases) {
      expect(await t.call('/v1/admin/checkin', { token: volunteer(), json })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_DATA', message },
      });
    }
    expect((await t.call('/v1/admin/checkin', { token: volunteer(), raw: '{"scanned":' })).status).toBe(400);
  });
});

describe('POST /v1/admin/checkin/sync', () => {
  const item = (registrationId: string, clientId = randomUUID()) => ({
    clientId,
    registrationId,
    scannedAt: new Date(TEST_NOW.getTime() - 60_000).toISOString(),
  });
  const sync = (items: ReturnType<typeof item>[], device = 'Porta 2') =>
    t.call('/v1/admin/checkin/sync', { token: volunteer(), json: { eventId: EVENT, device, items } });

  it('is idempotent on the client UUID: replays answer created again and store one check-in', async () => {
    const first = item(lari!.registrationId);
    const a = await sync([first]);
    expect(a.status).toBe(200);
    expect(a.body.results).toEqual([
      { clientId: first.clientId, kind: 'created', at: first.scannedAt, device: 'Porta 2' },
    ]);
    const b = await sync([first, first]);
    expect((b.body.results as SyncOutcome[]).map((r) => r.kind)).toEqual(['created', 'created']);
    expect(await checkinCount(lari!.id)).toBe(1);
  });

  it('first check-in wins; a later one from another device is a conflict with when and which', async () => {
    const [, , , , p5, p6] = DEMO_ATTENDEES;
    const door1 = item(p5!.registrationId);
    await sync([door1], 'Porta 1');
    const door2 = item(p5!.registrationId);
    const res = await sync([door2, item(p6!.registrationId)], 'Porta 2');
    expect(res.body.results[0]).toEqual({
      clientId: door2.clientId,
      kind: 'conflict',
      at: door1.scannedAt,
      device: 'Porta 1',
    });
    expect(res.body.results[1]).toMatchObject({ kind: 'created' });
    expect(await checkinCount(p5!.id)).toBe(1);
  });

  it('two items for one person in the same batch: one created, one conflict', async () => {
    const [, , , , , , p7] = DEMO_ATTENDEES;
    const x = item(p7!.registrationId);
    const y = item(p7!.registrationId);
    const kinds = ((await sync([x, y])).body.results as SyncOutcome[]).map((r) => r.kind).sort();
    expect(kinds).toEqual(['conflict', 'created']);
    expect(await checkinCount(p7!.id)).toBe(1);
  });

  it('not found and not paid per item, nothing stored for them', async () => {
    const res = await sync([item(DEMO_REGISTRATIONS.membroConference.id), item(pending!.registrationId)]);
    expect((res.body.results as SyncOutcome[]).map((r) => r.kind)).toEqual(['not_found', 'not_paid']);
    expect(await checkinCount(pending!.id)).toBe(0);
    expect(await checkinCount(DEMO_USERS.membro.id)).toBe(0);
  });

  it('a door clock ahead of the server never stores a future check-in', async () => {
    const [, , , , , , , p8] = DEMO_ATTENDEES;
    const future = { ...item(p8!.registrationId), scannedAt: '2030-01-01T00:00:00.000Z' };
    const res = await sync([future]);
    expect(res.body.results[0]).toMatchObject({ kind: 'created', at: TEST_NOW.toISOString() });
  });

  it('refuses bad batches with 400 and stores nothing', async () => {
    const [, , , , , , , , p9] = DEMO_ATTENDEES;
    const bad: unknown[] = [
      { eventId: EVENT, items: [] },
      { eventId: 'x', items: [item(p9!.registrationId)] },
      { eventId: EVENT, items: [{ ...item(p9!.registrationId), clientId: 'nope' }] },
      { eventId: EVENT, items: [{ ...item(p9!.registrationId), scannedAt: 'ontem' }] },
      { eventId: EVENT, items: Array.from({ length: 501 }, () => item(p9!.registrationId)) },
    ];
    for (const json of bad) {
      const res = await t.call('/v1/admin/checkin/sync', { token: volunteer(), json });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_DATA');
    }
    expect(await checkinCount(p9!.id)).toBe(0);
  });

  it('a since-pull brings other doors’ check-ins', async () => {
    const first = (await t.call(`/v1/admin/checkin/events/${EVENT}/roster`, { token: volunteer() }))
      .body as RosterPage;
    const [, , , , , , , , , p10] = DEMO_ATTENDEES;
    await sync([item(p10!.registrationId)], 'Porta 3');
    const pull = (
      await t.call(`/v1/admin/checkin/events/${EVENT}/roster?since=${encodeURIComponent(first.cursor)}`, {
        token: volunteer(),
      })
    ).body as RosterPage;
    const row = pull.entries.find((e) => e.id === p10!.registrationId);
    expect(row).toMatchObject({ checked_in_device: 'Porta 3' });
    expect(row?.checked_in_at).toBeTruthy();
    expect(pull.total).toBeNull();
  });
});

describe('door data is sane', () => {
  it("a QR of another event is not this door's: not found, nothing stored", async () => {
    const res = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: {
        scanned: `checkin:${DEMO_REGISTRATIONS.membroConference.id}`,
        eventId: EVENT,
        device: 'Porta 1',
      },
    });
    expect(res).toMatchObject({ status: 200, body: { kind: 'not_found' } });
    expect(await checkinCount(DEMO_USERS.membro.id)).toBe(0);
  });

  it('a sync item scanned in 1970 or next year is clamped into the event window, and the result says so', async () => {
    // three new paid attendees of the event
    const users = await makeUsers(db, 3);
    const [p5, p6, p7] = users.map((id, i) => ({ registrationId: randomUUID(), id, seq: `97531${i}` }));
    for (const p of [p5!, p6!, p7!]) {
      await db.query(
        `insert into public.registrations (id, seq, user_id, tier_id, event_id, frozen_value, status)
         values ($1, $2, $3, $4, $5, 0, 'paid')`,
        [p.registrationId, p.seq, p.id, DEMO_TIERS.happeningNowFree.id, EVENT],
      );
    }
    const items = [
      { clientId: randomUUID(), registrationId: p5!.registrationId, scannedAt: '1970-01-01T00:00:00.000Z' },
      { clientId: randomUUID(), registrationId: p6!.registrationId, scannedAt: '2027-06-01T00:00:00.000Z' },
      {
        clientId: randomUUID(),
        registrationId: p7!.registrationId,
        scannedAt: new Date(TEST_NOW.getTime() - 60_000).toISOString(),
      },
    ];
    const res = await t.call('/v1/admin/checkin/sync', {
      token: volunteer(),
      json: { eventId: EVENT, device: 'Porta 3', items },
    });
    expect(res.status).toBe(200);
    const [old, future, fine] = res.body.results as SyncOutcome[];
    const [event] = await db.query<{ starts_at: Date | string; checkin_starts_at: Date | string | null }>(
      'select starts_at, checkin_starts_at from events where id = $1',
      [EVENT],
    );
    const windowStart = new Date(event!.checkin_starts_at ?? event!.starts_at).getTime() - 3600_000;
    expect(old).toMatchObject({ kind: 'created', clamped: true, at: new Date(windowStart).toISOString() });
    expect(future).toMatchObject({ kind: 'created', clamped: true, at: TEST_NOW.toISOString() });
    expect(fine).toEqual({
      clientId: items[2]!.clientId,
      kind: 'created',
      at: items[2]!.scannedAt,
      device: 'Porta 3',
    });
    const stored = await db.query<{ scanned_at: Date | string }>(
      'select scanned_at from checkins where client_id = $1',
      [items[0]!.clientId],
    );
    expect(new Date(stored[0]!.scanned_at).getFullYear()).toBeGreaterThan(2000);
  });

  it("a check-in before the event's window opens is stored at the server's clock, never at the window's start", async () => {
    // the conference's check-in window opens in about a week; three new paid attendees of it
    const CONFERENCE = DEMO_EVENTS.conference.id;
    const listed = (await t.call('/v1/admin/checkin/events', { token: volunteer() })).body as {
      id: string;
      checkin_starts_at: string | null;
    }[];
    const opens = listed.find((e) => e.id === CONFERENCE)?.checkin_starts_at;
    expect(Date.parse(opens!)).toBeGreaterThan(TEST_NOW.getTime() + 6 * 86_400_000);
    const users = await makeUsers(db, 3);
    const [early, ahead, typed] = users.map((id, i) => ({
      registrationId: randomUUID(),
      id,
      seq: `86420${i}`,
    }));
    for (const p of [early!, ahead!, typed!]) {
      await db.query(
        `insert into public.registrations (id, seq, user_id, tier_id, event_id, frozen_value, status)
         values ($1, $2, $3, $4, $5, 4500, 'paid')`,
        [p.registrationId, p.seq, p.id, DEMO_TIERS.conferenceSecond.id, CONFERENCE],
      );
    }
    const items = [
      // confirmed at the door a minute ago, a week early
      {
        clientId: randomUUID(),
        registrationId: early!.registrationId,
        scannedAt: new Date(TEST_NOW.getTime() - 60_000).toISOString(),
      },
      // a door whose clock is a day ahead
      {
        clientId: randomUUID(),
        registrationId: ahead!.registrationId,
        scannedAt: new Date(TEST_NOW.getTime() + 86_400_000).toISOString(),
      },
    ];
    const res = await t.call('/v1/admin/checkin/sync', {
      token: volunteer(),
      json: { eventId: CONFERENCE, device: 'Porta 4', items },
    });
    expect(res.status).toBe(200);
    for (const result of res.body.results as SyncOutcome[]) {
      expect(result).toMatchObject({ kind: 'created', at: TEST_NOW.toISOString() });
    }
    // online, one code at a time: the same rule
    const one = await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { manual: typed!.seq, eventId: CONFERENCE, device: 'Porta 4' },
    });
    expect(one).toMatchObject({ status: 200, body: { kind: 'created', at: TEST_NOW.toISOString() } });
    const stored = await db.query<{ scanned_at: Date | string }>(
      'select scanned_at from checkins where event_id = $1 and user_id = any($2)',
      [CONFERENCE, users],
    );
    expect(stored).toHaveLength(3);
    for (const row of stored)
      expect(new Date(row.scanned_at).getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
  });

  it('a sync batch with a device label of markup or control characters is refused', async () => {
    const res = await t.call('/v1/admin/checkin/sync', {
      token: volunteer(),
      json: {
        eventId: EVENT,
        device: '<img src=x onerror=alert(1)>',
        items: [
          { clientId: randomUUID(), registrationId: ana!.registrationId, scannedAt: TEST_NOW.toISOString() },
        ],
      },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'INVALID_DATA', message: checkinMessages.deviceInvalid },
    });
    expect(
      (
        await t.call('/v1/admin/checkin/sync', {
          token: volunteer(),
          json: {
            eventId: EVENT,
            device: 'Vitória · 3f2a',
            items: [
              {
                clientId: randomUUID(),
                registrationId: ana!.registrationId,
                scannedAt: TEST_NOW.toISOString(),
              },
            ],
          },
        })
      ).status,
    ).toBe(200);
  });
});

describe('GET /v1/checkins', () => {
  it("lists only the caller's own check-ins", async () => {
    const [, , , , , , , , , , p11] = DEMO_ATTENDEES;
    await t.call('/v1/admin/checkin', {
      token: volunteer(),
      json: { scanned: `checkin:${p11!.registrationId}`, eventId: EVENT },
    });
    const mine = await t.call('/v1/checkins', { token: t.tokenFor({ id: p11!.id }) });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([{ event_id: EVENT, at: expect.any(String) }]);
    expect((await t.call('/v1/checkins', { token: t.tokenFor('membro') })).body).toEqual([]);
    expect((await t.call('/v1/checkins')).status).toBe(401);
  });
});
