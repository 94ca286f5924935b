import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS, DEMO_FILES, DEMO_TAGS, DEMO_TIERS } from '../../../../server/seed/demo.ts';
import { monthOf } from '../../../../src/domain/events.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import type { EventDetail } from '../../../../src/domain/types.ts';
import { DETAIL_KEYS } from '../../testing/event-detail-keys.ts';
import { createTestApp, seededDb } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite, clock and seed at the same moment (no host, no HTTP).
const now = new Date();
let h: ReturnType<typeof createTestApp>;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await seededDb(now);
  close = database.close;
  h = createTestApp({ db: database.db, clock: { now: () => now } });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const ids = (events: EventDetail[]) => events.map((e) => e.id);

describe('GET /v1/events/upcoming', () => {
  it('lists top-level upcoming events by start, with the happening-now one first', async () => {
    const { status, body } = await h.call('/v1/events/upcoming');
    expect(status).toBe(200);
    const events = body as EventDetail[];
    const got = ids(events);
    expect(got[0]).toBe(DEMO_EVENTS.happeningNow.id);
    for (const key of ['conference', 'vigil', 'openEvent', 'external', 'forced', 'bibleStudy'] as const) {
      expect(got).toContain(DEMO_EVENTS[key].id);
    }
    // past, deleted, children and far-away (not forced) are excluded
    for (const key of [
      'pastRetreat',
      'pastNewYear',
      'pastTestimonies',
      'deleted',
      'workshop',
      'communication',
      'later',
    ] as const) {
      expect(got).not.toContain(DEMO_EVENTS[key].id);
    }
    const starts = events.map((e) => Date.parse(e.starts_at));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(events.every((e) => e.parent_id === null)).toBe(true);
  });

  it('carries the general tag on several events', async () => {
    const { body } = await h.call('/v1/events/upcoming');
    const general = (body as EventDetail[]).filter((e) => e.tags.some((t) => t.id === DEMO_TAGS.general.id));
    expect(general.length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /v1/events/:id', () => {
  it('returns the full detail shape', async () => {
    const { status, body } = await h.call(`/v1/events/${DEMO_EVENTS.conference.id}`);
    expect(status).toBe(200);
    const e = body as EventDetail;
    expect(Object.keys(e).sort()).toEqual([...DETAIL_KEYS].sort());
    expect(e.title).toBe(DEMO_EVENTS.conference.title);
    expect(e.image).toMatch(/^events\/.+\.webp$/);
    expect(e.description).toContain('<strong>');
    expect(e.pricing_tiers.map((t) => t.order)).toEqual(
      [...e.pricing_tiers.map((t) => t.order)].sort((a, b) => a - b),
    );
    const promo = e.pricing_tiers.find((t) => t.id === DEMO_TIERS.conferencePromo.id)!;
    expect(promo).toMatchObject({ available: 0, total: 30, price: 2500, event_id: e.id });
    const second = e.pricing_tiers.find((t) => t.id === DEMO_TIERS.conferenceSecond.id)!;
    expect(second.price).toBe(4500);
    expect(second.available).toBeNull();
    expect(typeof second.ends_at).toBe('string');
    expect(
      e.pricing_tiers.find((t) => t.id === DEMO_TIERS.conferenceCaravan.id)!.restricted_payment_methods,
    ).toEqual(['mp_card']);
    expect(e.venues[0]).toMatchObject({ name: 'Templo Sede', room: 'Salão principal' });
    expect(typeof e.venues[0]!.lat).toBe('number');
    expect(e.speakers.length).toBe(3);
    expect(e.files.map((f) => f.path).sort()).toEqual(
      [DEMO_FILES.rules.path, DEMO_FILES.schedule.path].sort(),
    );
    expect(e.child_events.map((c) => c.id)).toEqual([DEMO_EVENTS.workshop.id, DEMO_EVENTS.communication.id]);
    expect(Object.keys(e.child_events[0]!).sort()).toEqual(
      ['id', 'title', 'image', 'starts_at', 'registration_policy', 'external_redirect'].sort(),
    );
  });

  it('returns a child event too', async () => {
    const { status, body } = await h.call(`/v1/events/${DEMO_EVENTS.workshop.id}`);
    expect(status).toBe(200);
    expect(body.parent_id).toBe(DEMO_EVENTS.conference.id);
  });

  it('answers 404 EVENT_NOT_FOUND for deleted, unknown and non-UUID ids', async () => {
    for (const id of [
      DEMO_EVENTS.deleted.id,
      '00000000-0000-4000-8000-000000000000',
      'abc',
      "1'; drop table events;--",
    ]) {
      const { status, body } = await h.call(`/v1/events/${encodeURIComponent(id)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'EVENT_NOT_FOUND', message: 'Evento não encontrado.' });
    }
  });

  it('marks the Fastpass sold out and the open event', async () => {
    const vigil = (await h.call(`/v1/events/${DEMO_EVENTS.vigil.id}`)).body as EventDetail;
    expect(vigil.pricing_tiers).toEqual([
      expect.objectContaining({ name: 'Fastpass', available: 0, price: 0 }),
    ]);
    const open = (await h.call(`/v1/events/${DEMO_EVENTS.openEvent.id}`)).body as EventDetail;
    expect(open.registration_policy).toBe('open');
    const external = (await h.call(`/v1/events/${DEMO_EVENTS.external.id}`)).body as EventDetail;
    expect(external.external_redirect).toMatch(/^https:\/\//);
  });
});

describe('GET /v1/events?month=', () => {
  it('lists top-level events of the month, sorted', async () => {
    const month = monthOf(now);
    const { status, body } = await h.call(`/v1/events?month=${month}`);
    expect(status).toBe(200);
    const events = body as EventDetail[];
    expect(ids(events)).toContain(DEMO_EVENTS.happeningNow.id);
    expect(events.every((e) => monthOf(new Date(e.starts_at)) === month && e.parent_id === null)).toBe(true);
    expect(ids(events)).not.toContain(DEMO_EVENTS.deleted.id);
  });

  it('finds past events in previous months', async () => {
    const retreat = (await h.call(`/v1/events/${DEMO_EVENTS.pastRetreat.id}`)).body as EventDetail;
    const month = monthOf(new Date(retreat.starts_at));
    const { body } = await h.call(`/v1/events?month=${month}`);
    expect(ids(body)).toContain(DEMO_EVENTS.pastRetreat.id);
  });

  it('answers 400 for a bad or missing month, in pt-BR', async () => {
    for (const q of ['?month=2026-13', '?month=abc', '?month=2026-1', '']) {
      const { status, body } = await h.call(`/v1/events${q}`);
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'INVALID_DATA', message: validationMessages.month });
    }
    // a check declared without a message (a repeated month is an array): the fallback, never English
    for (const q of ['?month=2026-03&month=2026-04']) {
      expect((await h.call(`/v1/events${q}`)).body, q).toEqual({
        code: 'INVALID_DATA',
        message: 'Dados inválidos',
      });
    }
  });

  it('is typed end to end through the client built from AppType', async () => {
    const res = await h.client().v1.events.$get({ query: { month: monthOf(now) } });
    expect(res.status).toBe(200);
    const events = await res.json();
    expect(events.every((e) => e.parent_id === null)).toBe(true);
    const one = await h.client().v1.events[':id'].$get({ param: { id: DEMO_EVENTS.conference.id } });
    expect((await one.json()).title).toBe(DEMO_EVENTS.conference.title);
  });
});

describe('caching of the public reads (a CDN in front of the function)', () => {
  const reads = () => [
    '/v1/events/upcoming',
    `/v1/events?month=${monthOf(now)}`,
    `/v1/events/${DEMO_EVENTS.conference.id}`,
  ];

  it('anonymous: public for shared caches, with an ETag, varying on Authorization', async () => {
    for (const path of reads()) {
      const { status, headers } = await h.call(path);
      expect(status, path).toBe(200);
      const cache = headers.get('cache-control') ?? '';
      expect(cache, path).toMatch(/^public, /);
      expect(cache, path).toMatch(/\bmax-age=0\b/);
      expect(cache, path).toMatch(/\bs-maxage=[1-9]\d*\b/);
      expect(cache, path).toMatch(/\bstale-while-revalidate=[1-9]\d*\b/);
      expect(headers.get('etag'), path).toMatch(/^W\/"[0-9a-f]{40}"$/);
      expect(headers.get('vary'), path).toMatch(/\bAuthorization\b/i);
    }
  });

  it('If-None-Match with the ETag answers 304 without a body; another tag gets the full answer', async () => {
    for (const path of reads()) {
      const first = await h.call(path);
      const etag = first.headers.get('etag')!;
      const again = await h.call(path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBeNull();
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('content-type'), path).toBeNull();
      // a list of tags, the strong form of the same tag, and '*' match too (weak comparison)
      for (const inm of [`W/"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
        expect((await h.call(path, { headers: { 'if-none-match': inm } })).status, inm).toBe(304);
      }
      const other = await h.call(path, { headers: { 'if-none-match': 'W/"not-this-one"' } });
      expect(other.status, path).toBe(200);
      expect(other.body, path).toEqual(first.body);
    }
  });

  it('the ETag changes when the event does', async () => {
    const path = `/v1/events/${DEMO_EVENTS.openEvent.id}`;
    const before = (await h.call(path)).headers.get('etag');
    expect((await h.call(path)).headers.get('etag')).toBe(before);
    const db = h.ports.db;
    const [row] = await db.query<{ title: string }>('select title from events where id = $1', [
      DEMO_EVENTS.openEvent.id,
    ]);
    const title = row!.title;
    await db.query('update events set title = $2 where id = $1', [DEMO_EVENTS.openEvent.id, `${title}!`]);
    try {
      const after = await h.call(path, { headers: { 'if-none-match': before! } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before);
    } finally {
      await db.query('update events set title = $2 where id = $1', [DEMO_EVENTS.openEvent.id, title]);
    }
  });

  it('with a token: private, no-store, no ETag, never a 304, never public', async () => {
    const token = h.tokenFor('membro');
    for (const path of reads()) {
      const anonymous = await h.call(path);
      const signedIn = await h.call(path, {
        token,
        headers: { 'if-none-match': anonymous.headers.get('etag')! },
      });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get('cache-control'), path).toBe('private, no-store');
      expect(signedIn.headers.get('cache-control'), path).not.toMatch(/public|s-maxage/);
      expect(signedIn.headers.get('etag'), path).toBeNull();
      expect(signedIn.headers.get('vary'), path).toMatch(/\bAuthorization\b/i);
      // the answer carries nothing of the member: the same as the anonymous one
      expect(signedIn.body, path).toEqual(anonymous.body);
    }
    // any Authorization counts, even one the API does not accept
    const odd = await h.call(`/v1/events/${DEMO_EVENTS.conference.id}`, { token: 'not-a-token' });
    expect(odd.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a crowd of identical anonymous reads queries the database once, each gets the answer', async () => {
    let queries = 0;
    const db = h.ports.db;
    const counted = createTestApp({
      db: {
        query: (sql, params) => {
          queries += 1;
          return db.query(sql, params);
        },
        transaction: db.transaction,
      },
      clock: { now: () => now },
    });
    const path = `/v1/events/${DEMO_EVENTS.conference.id}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => counted.call(path)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(queries).toBeLessThan(5);
    // once answered, a later read queries again (nothing is kept)
    const before = queries;
    await counted.call(path);
    expect(queries).toBe(before + 1);
    // with a token, each read is its own
    const token = counted.tokenFor('membro');
    queries = 0;
    await Promise.all(Array.from({ length: 5 }, () => counted.call(path, { token })));
    expect(queries).toBe(5);
  });

  it('errors are never stored (a CDN would keep a 404 by its own default)', async () => {
    for (const path of ['/v1/events/00000000-0000-4000-8000-000000000000', '/v1/events?month=abc']) {
      const { status, headers } = await h.call(path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(headers.get('cache-control'), path).toBe('no-store');
      expect(headers.get('etag'), path).toBeNull();
    }
  });
});
