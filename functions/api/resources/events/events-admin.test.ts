import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS, DEMO_TAGS, DEMO_TIERS, DEMO_USERS } from '../../../../server/seed/demo.ts';
import { editorApiErrors, editorValidation } from '../../../../src/domain/messages/editor.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import type { EventDetail } from '../../../../src/domain/types.ts';
import { createTestApp, seededDb, TEST_NOW } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite (or PostgreSQL in the postgres project: seededDb).
let h: ReturnType<typeof createTestApp>;
let close: () => Promise<void>;
let admin: string;
let venueId: string;
beforeAll(async () => {
  const database = await seededDb();
  close = database.close;
  h = createTestApp({ db: database.db });
  admin = h.tokenFor('admin');
  const [venue] = await database.db.query<{ id: string }>('select id from venues order by name limit 1');
  venueId = venue!.id;
}, 120_000);
afterAll(async () => {
  await close?.();
});

const at = (days: number) => new Date(TEST_NOW.getTime() + days * 86_400_000).toISOString();

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Retiro de Carnaval',
    description: '<p>Quatro dias de <strong>comunhão</strong>.</p>',
    details: 'Levar roupa de cama, Bíblia',
    starts_at: at(20),
    registration_policy: 'requires',
    checkin_policy: 'requires',
    allowed_payment_methods: ['mp_pix', 'cash', 'voucher'],
    venue_ids: [venueId],
    speaker_ids: [],
    tag_ids: [DEMO_TAGS.general.id],
    ...overrides,
  };
}

async function createEvent(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await h.call('/v1/admin/events', { token: admin, json: eventBody(overrides) });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const tierBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lote 1',
  price: 15000,
  total: 10,
  restricted_payment_methods: [],
  ...overrides,
});

describe('permission write_events, checked on the server', () => {
  const someId = DEMO_EVENTS.conference.id;
  const tierId = DEMO_TIERS.happeningNowFree.id;
  const writes: [string, string, unknown?][] = [
    ['GET', '/v1/admin/events'],
    ['POST', '/v1/admin/events', eventBody()],
    ['GET', `/v1/admin/events/${someId}`],
    ['PUT', `/v1/admin/events/${someId}`, eventBody()],
    ['DELETE', `/v1/admin/events/${someId}`],
    ['POST', `/v1/admin/events/${someId}/duplicate`, {}],
    ['GET', '/v1/admin/venues'],
    ['POST', '/v1/admin/venues', { name: 'X', address: 'Rua A, 1', lat: -23, lng: -46 }],
    ['GET', '/v1/admin/speakers'],
    ['POST', '/v1/admin/speakers', { name: 'X' }],
    ['GET', '/v1/admin/tags'],
    ['POST', '/v1/admin/tags', { name: 'X' }],
    ['POST', `/v1/admin/events/${someId}/tiers`, tierBody()],
    ['PUT', `/v1/admin/events/${someId}/tiers/order`, { ids: [tierId] }],
    ['PUT', `/v1/admin/events/${someId}/tiers/${tierId}`, tierBody()],
    ['DELETE', `/v1/admin/events/${someId}/tiers/${tierId}`],
    ['POST', `/v1/admin/events/${someId}/vouchers`, { tier_id: tierId, count: 1 }],
    ['GET', `/v1/admin/events/${someId}/vouchers`],
    ['GET', `/v1/admin/events/${someId}/vouchers.csv`],
    ['DELETE', '/v1/admin/files?type=eventImage&filePath=events/a.png'],
    ['DELETE', `/v1/admin/events/${someId}/files?path=events/x.pdf`],
    ['GET', '/v1/admin/geocode?q=paulista'],
  ];

  it.each(writes)(
    '%s %s: 401 without a token, 403 for a member and for secretaria',
    async (method, path, json) => {
      const before = await h.call(`/v1/events/${someId}`);
      expect((await h.call(path, { method, json })).status).toBe(401);
      for (const who of ['membro', 'secretaria'] as const) {
        const res = await h.call(path, { method, json, token: h.tokenFor(who) });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Você não tem permissão para fazer isso.' });
      }
      // nothing changed
      expect((await h.call(`/v1/events/${someId}`)).body).toEqual(before.body);
    },
  );

  it('403 on the multipart uploads too', async () => {
    for (const path of ['/v1/admin/files?type=eventImage', `/v1/admin/events/${someId}/files`]) {
      const form = new FormData();
      form.set('file', new File([PNG], 'a.png', { type: 'image/png' }));
      form.set('name', 'Arquivo');
      const res = await h.app.request(`/api${path}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${h.tokenFor('membro')}` },
      });
      expect(res.status).toBe(403);
    }
    expect(h.storage.objects.size).toBe(0);
  });
});

describe('events: create, read, update, delete', () => {
  it('creates an event with venues, speakers and tags in one go, readable everywhere', async () => {
    const speaker = await h.call('/v1/admin/speakers', { token: admin, json: { name: 'Pr. João Lima' } });
    const id = await createEvent({ speaker_ids: [speaker.body.id] });
    const { status, body } = await h.call(`/v1/admin/events/${id}`, { token: admin });
    expect(status).toBe(200);
    const e = body as EventDetail;
    expect(e).toMatchObject({
      title: 'Retiro de Carnaval',
      starts_at: at(20),
      checkin_policy: 'requires',
      allowed_payment_methods: ['mp_pix', 'cash', 'voucher'],
    });
    expect(e.venues.map((v) => v.id)).toEqual([venueId]);
    expect(e.speakers.map((s) => s.name)).toEqual(['Pr. João Lima']);
    expect(e.tags.map((t) => t.id)).toEqual([DEMO_TAGS.general.id]);
    // public read, same event
    expect((await h.call(`/v1/events/${id}`)).body.title).toBe('Retiro de Carnaval');
  });

  it('update replaces the joins; delete is soft and hides the event from every read', async () => {
    const id = await createEvent();
    const put = await h.call(`/v1/admin/events/${id}`, {
      method: 'PUT',
      token: admin,
      json: eventBody({ title: 'Retiro (novo nome)', tag_ids: [] }),
    });
    expect(put.status).toBe(200);
    const read = await h.call(`/v1/admin/events/${id}`, { token: admin });
    expect(read.body.title).toBe('Retiro (novo nome)');
    expect(read.body.tags).toEqual([]);

    expect((await h.call(`/v1/admin/events/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await h.call(`/v1/events/${id}`)).status).toBe(404);
    const list = await h.call('/v1/admin/events', { token: admin });
    expect(list.body.map((e: { id: string }) => e.id)).not.toContain(id);
    // a second delete, an update after delete: 404
    expect((await h.call(`/v1/admin/events/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect(
      (await h.call(`/v1/admin/events/${id}`, { method: 'PUT', token: admin, json: eventBody() })).status,
    ).toBe(404);
  });

  it('delete keeps the registrations of the event', async () => {
    const [row] = await h.ports.db.query<{ n: number }>(
      'select count(*)::int as n from registrations where event_id = $1',
      [DEMO_EVENTS.conference.id],
    );
    expect(row!.n).toBeGreaterThan(0);
    const dup = await h.call(`/v1/admin/events/${DEMO_EVENTS.conference.id}/duplicate`, {
      token: admin,
      json: {},
    });
    expect(dup.status).toBe(201);
    const res = await h.call(`/v1/admin/events/${DEMO_EVENTS.conference.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(res.status).toBe(200);
    const [after] = await h.ports.db.query<{ n: number }>(
      'select count(*)::int as n from registrations where event_id = $1',
      [DEMO_EVENTS.conference.id],
    );
    expect(after!.n).toBe(row!.n);
    // its sub-events are gone from reads too
    expect((await h.call(`/v1/events/${DEMO_EVENTS.workshop.id}`)).status).toBe(404);
  });

  it('duplicates with tiers, venues, speakers and tags, dates shifted, places all free', async () => {
    const id = await createEvent({ checkin_starts_at: at(19.9), checkin_ends_at: at(20.5) });
    await h.call(`/v1/admin/events/${id}/tiers`, {
      token: admin,
      json: tierBody({ starts_at: at(1), ends_at: at(10) }),
    });
    const dup = await h.call(`/v1/admin/events/${id}/duplicate`, { token: admin, json: { shift_days: 14 } });
    expect(dup.status).toBe(201);
    const copy = (await h.call(`/v1/admin/events/${dup.body.id}`, { token: admin })).body as EventDetail;
    expect(copy.title).toBe('Retiro de Carnaval (cópia)');
    expect(copy.starts_at).toBe(at(34));
    expect(copy.checkin_ends_at).toBe(at(34.5));
    expect(copy.venues.map((v) => v.id)).toEqual([venueId]);
    expect(copy.tags.map((t) => t.id)).toEqual([DEMO_TAGS.general.id]);
    expect(copy.pricing_tiers).toHaveLength(1);
    expect(copy.pricing_tiers[0]).toMatchObject({
      name: 'Lote 1',
      price: 15000,
      total: 10,
      available: 10,
      starts_at: at(15),
      ends_at: at(24),
    });
  });

  it('admin list: started within the last week and upcoming by default, past on request, search', async () => {
    const recent = await createEvent({ title: 'Vigília da semana passada', starts_at: at(-6) });
    const old = await createEvent({ title: 'Vigília antiga', starts_at: at(-9) });
    const upcoming = (await h.call('/v1/admin/events', { token: admin })).body.map(
      (e: { id: string }) => e.id,
    );
    expect(upcoming).toContain(recent);
    expect(upcoming).not.toContain(old);
    const past = await h.call('/v1/admin/events?when=past&q=vig%C3%ADlia%20ANT', { token: admin });
    expect(past.body.map((e: { id: string }) => e.id)).toEqual([old]);
    expect((await h.call('/v1/admin/events?when=later', { token: admin })).status).toBe(400);
  });
});

describe('event validation (product-spec.md §5)', () => {
  const invalid = async (overrides: Record<string, unknown>, message: string) => {
    const res = await h.call('/v1/admin/events', { token: admin, json: eventBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_DATA', message });
  };

  it('title required', async () => {
    await invalid({ title: '   ' }, editorValidation.titleRequired);
    await invalid({ title: undefined }, editorValidation.titleRequired);
  });
  it('venue required', async () => {
    await invalid({ venue_ids: [] }, editorValidation.venueRequired);
  });
  it('start date: a real date of the years 20xx', async () => {
    await invalid({ starts_at: '1999-12-31T10:00:00.000Z' }, validationMessages.date);
    await invalid({ starts_at: '2026-02-30T10:00:00Z' }, validationMessages.date);
    await invalid({ starts_at: '31/12/2026' }, validationMessages.date);
  });
  it('external redirect: https only', async () => {
    await invalid({ external_redirect: 'http://exemplo.com' }, editorValidation.https);
    await invalid({ external_redirect: 'javascript:alert(1)' }, editorValidation.https);
    const id = await createEvent({ external_redirect: 'https://exemplo.com/inscricao' });
    expect((await h.call(`/v1/events/${id}`)).body.external_redirect).toBe('https://exemplo.com/inscricao');
  });
  it('check-in window in order; policies and payment methods from their lists', async () => {
    await invalid({ checkin_starts_at: at(20), checkin_ends_at: at(19) }, editorValidation.checkinWindow);
    await invalid({ registration_policy: 'maybe' }, 'Dados inválidos');
    await invalid({ allowed_payment_methods: ['bitcoin'] }, 'Dados inválidos');
  });
  it('unknown venue, tag or parent; an event cannot be its own parent', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const venue = await h.call('/v1/admin/events', { token: admin, json: eventBody({ venue_ids: [ghost] }) });
    expect(venue.body).toEqual({ code: 'VENUE_NOT_FOUND', message: editorApiErrors.VENUE_NOT_FOUND });
    const tag = await h.call('/v1/admin/events', { token: admin, json: eventBody({ tag_ids: [ghost] }) });
    expect(tag.body.code).toBe('TAG_NOT_FOUND');
    const parent = await h.call('/v1/admin/events', { token: admin, json: eventBody({ parent_id: ghost }) });
    expect(parent.status).toBe(400);
    expect(parent.body.code).toBe('PARENT_NOT_FOUND');
    const id = await createEvent();
    const self = await h.call(`/v1/admin/events/${id}`, {
      method: 'PUT',
      token: admin,
      json: eventBody({ parent_id: id }),
    });
    expect(self.body.code).toBe('PARENT_NOT_FOUND');
  });
  it('a malformed body or id never reaches a 500', async () => {
    expect((await h.call('/v1/admin/events', { token: admin, raw: '{"title":' })).status).toBe(400);
    expect((await h.call('/v1/admin/events/not-a-uuid', { token: admin })).status).toBe(404);
  });
});

describe('description HTML is sanitised before save', () => {
  it('drops scripts, event handlers, javascript: URLs, styles and unknown tags; keeps the formatting', async () => {
    const dirty = [
      '<p onclick="steal()">Olá <strong>jovens</strong><script>alert(1)</script></p>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">clique</a>',
      '<a href="https://exemplo.com" target="_blank">site</a>',
      '<iframe src="https://evil.example"></iframe><style>body{}</style>',
      '<h2 style="color:red">Programação</h2><ul><li>Louvor</li></ul>',
      '<svg><script>alert(4)</script></svg><a href="JaVaScRiPt&colon;alert(5)">x</a>',
    ].join('');
    const id = await createEvent({ description: dirty });
    const html = (await h.call(`/v1/events/${id}`)).body.description as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript|iframe|style|<img|<svg|alert/i);
    expect(html).toContain('<p>Olá <strong>jovens</strong></p>');
    expect(html).toContain(
      '<a href="https://exemplo.com" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(html).toContain('<h2>Programação</h2><ul><li>Louvor</li></ul>');
    expect(html).toContain('<a>clique</a>');
  });

  it('a description with nothing left is stored as null', async () => {
    const id = await createEvent({ description: '<script>alert(1)</script>' });
    expect((await h.call(`/v1/events/${id}`)).body.description).toBeNull();
  });
});

describe('venues, speakers, tags (product-spec.md §5)', () => {
  it('venue: name, address, lat and lng required; numbers in range; upsert by id', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', address: 'Rua A, 1', lat: -23, lng: -46 }, editorValidation.nameRequired],
      [{ name: 'Sede', address: ' ', lat: -23, lng: -46 }, validationMessages.addressRequired],
      [{ name: 'Sede', lat: -23, lng: -46 }, validationMessages.addressRequired],
      [{ name: 'Sede', address: 'Rua A, 1', lng: -46 }, editorValidation.latLng],
      [{ name: 'Sede', address: 'Rua A, 1', lat: 'abc', lng: -46 }, editorValidation.latLng],
      [{ name: 'Sede', address: 'Rua A, 1', lat: -23, lng: '' }, editorValidation.latLng],
      [{ name: 'Sede', address: 'Rua A, 1', lat: 91, lng: -46 }, editorValidation.lat],
      [{ name: 'Sede', address: 'Rua A, 1', lat: -23, lng: 200 }, editorValidation.lng],
    ];
    for (const [json, message] of cases) {
      const res = await h.call('/v1/admin/venues', { token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_DATA', message });
    }
    const created = await h.call('/v1/admin/venues', {
      token: admin,
      json: { name: 'Chácara', address: 'Estrada 1', lat: '-23,5', lng: -46.6, room: 'Salão' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Chácara', lat: -23.5, lng: -46.6, room: 'Salão' });
    const updated = await h.call('/v1/admin/venues', {
      token: admin,
      json: { id: created.body.id, name: 'Chácara Nova', address: 'Estrada 2', lat: -23.5, lng: -46.6 },
    });
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Chácara Nova', room: null });
    const list = await h.call('/v1/admin/venues', { token: admin });
    expect(list.body.filter((v: { id: string }) => v.id === created.body.id)).toHaveLength(1);
  });

  it('speaker: name required', async () => {
    const res = await h.call('/v1/admin/speakers', { token: admin, json: { name: ' ', details: 'x' } });
    expect(res.body).toEqual({ code: 'INVALID_DATA', message: editorValidation.nameRequired });
    const bad = await h.call('/v1/admin/speakers', {
      token: admin,
      json: { name: 'Ana', image: '../etc/passwd' },
    });
    expect(bad.status).toBe(400);
    const ok = await h.call('/v1/admin/speakers', {
      token: admin,
      json: { name: 'Ana', details: 'Pastora', image: 'speakers/abc.png' },
    });
    expect(ok.body).toMatchObject({ name: 'Ana', details: 'Pastora', image: 'speakers/abc.png' });
  });

  it('tag: name required, colour a hex of 3 or 6 digits, default #3080d4, names unique', async () => {
    expect((await h.call('/v1/admin/tags', { token: admin, json: { name: '' } })).body.message).toBe(
      editorValidation.nameRequired,
    );
    for (const color of ['red', '#12', '#12345', '#ggg', '3080d4']) {
      const res = await h.call('/v1/admin/tags', { token: admin, json: { name: 'Cor', color } });
      expect(res.body, color).toEqual({ code: 'INVALID_DATA', message: editorValidation.color });
    }
    const def = await h.call('/v1/admin/tags', { token: admin, json: { name: 'Missões' } });
    expect(def.body).toMatchObject({ name: 'Missões', color: '#3080d4', is_general: false });
    const short = await h.call('/v1/admin/tags', { token: admin, json: { name: 'Curta', color: '#F0A' } });
    expect(short.body.color).toBe('#f0a');
    const dup = await h.call('/v1/admin/tags', { token: admin, json: { name: 'missões' } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('TAG_NAME_TAKEN');
  });
});

describe('tiers', () => {
  it('validation: name, price in centavos, total, window, https payment link', async () => {
    const id = await createEvent();
    const cases: [Record<string, unknown>, string][] = [
      [tierBody({ name: '' }), editorValidation.nameRequired],
      [tierBody({ price: -1 }), editorValidation.price],
      [tierBody({ price: 10.5 }), editorValidation.price],
      [tierBody({ total: -3 }), editorValidation.total],
      [tierBody({ total: 2.5 }), editorValidation.total],
      [tierBody({ starts_at: at(5), ends_at: at(4) }), editorValidation.tierWindow],
      [tierBody({ payment_link: 'http://pag.example' }), editorValidation.https],
    ];
    for (const [json, message] of cases) {
      const res = await h.call(`/v1/admin/events/${id}/tiers`, { token: admin, json });
      expect(res.body, JSON.stringify(json)).toEqual({ code: 'INVALID_DATA', message });
    }
    const ghost = await h.call('/v1/admin/events/00000000-0000-4000-8000-000000000000/tiers', {
      token: admin,
      json: tierBody(),
    });
    expect(ghost.status).toBe(404);
  });

  it('changing total moves available by the same delta, never below the places taken', async () => {
    const id = await createEvent();
    const created = await h.call(`/v1/admin/events/${id}/tiers`, {
      token: admin,
      json: tierBody({ total: 10 }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ total: 10, available: 10, order: 0 });
    const tierId = created.body.id as string;
    // 3 places taken, the way the checkout takes them
    for (let i = 0; i < 3; i++) {
      await h.ports.db.query(
        'update pricing_tiers set available = available - 1 where id = $1 and available > 0',
        [tierId],
      );
    }
    const put = (total: number | null) =>
      h.call(`/v1/admin/events/${id}/tiers/${tierId}`, {
        method: 'PUT',
        token: admin,
        json: tierBody({ total }),
      });
    expect((await put(15)).body).toMatchObject({ total: 15, available: 12 });
    expect((await put(3)).body).toMatchObject({ total: 3, available: 0 });
    const below = await put(2);
    expect(below.status).toBe(409);
    expect(below.body).toEqual({ code: 'TOTAL_BELOW_TAKEN', message: editorApiErrors.TOTAL_BELOW_TAKEN });
    expect((await put(null)).body).toMatchObject({ total: null, available: null });
  });

  it('an unlimited tier given a total counts its active registrations as taken', async () => {
    const tier = DEMO_TIERS.happeningNowFree;
    const [{ n } = { n: 0 }] = await h.ports.db.query<{ n: number }>(
      "select count(*)::int as n from registrations where tier_id = $1 and status not in ('rejected','canceled')",
      [tier.id],
    );
    expect(n).toBeGreaterThan(0);
    const res = await h.call(`/v1/admin/events/${tier.eventId}/tiers/${tier.id}`, {
      method: 'PUT',
      token: admin,
      json: tierBody({ name: tier.name, price: 0, total: n + 5 }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: n + 5, available: 5 });
  });

  it('reorders; deletes a tier without registrations, never one with registrations', async () => {
    const id = await createEvent();
    const a = (await h.call(`/v1/admin/events/${id}/tiers`, { token: admin, json: tierBody({ name: 'A' }) }))
      .body;
    const b = (await h.call(`/v1/admin/events/${id}/tiers`, { token: admin, json: tierBody({ name: 'B' }) }))
      .body;
    expect(b.order).toBe(1);
    const order = await h.call(`/v1/admin/events/${id}/tiers/order`, {
      method: 'PUT',
      token: admin,
      json: { ids: [b.id, a.id] },
    });
    expect(order.status).toBe(200);
    const read = await h.call(`/v1/admin/events/${id}`, { token: admin });
    expect(read.body.pricing_tiers.map((t: { name: string }) => t.name)).toEqual(['B', 'A']);
    const partial = await h.call(`/v1/admin/events/${id}/tiers/order`, {
      method: 'PUT',
      token: admin,
      json: { ids: [b.id] },
    });
    expect(partial.status).toBe(400);

    expect(
      (await h.call(`/v1/admin/events/${id}/tiers/${a.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    const paid = DEMO_TIERS.happeningNowFree;
    const refused = await h.call(`/v1/admin/events/${paid.eventId}/tiers/${paid.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TIER_HAS_REGISTRATIONS');
    const [still] = await h.ports.db.query('select id from pricing_tiers where id = $1', [paid.id]);
    expect(still).toBeTruthy();
  });
});

describe('vouchers', () => {
  it('generates a batch for a tier: 8 characters of the unambiguous alphabet, lower-case, unique', async () => {
    const id = await createEvent();
    const tier = (await h.call(`/v1/admin/events/${id}/tiers`, { token: admin, json: tierBody() })).body;
    const res = await h.call(`/v1/admin/events/${id}/vouchers`, {
      token: admin,
      json: { tier_id: tier.id, count: 25, description: 'Equipe de louvor' },
    });
    expect(res.status).toBe(201);
    const codes = res.body.codes as string[];
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[abcdefghjkmnpqrstuvwxyz23456789]{8}$/);

    // one used, by the demo member
    await h.ports.db.query('update vouchers set used_at = now(), used_by = $1 where code = $2', [
      DEMO_USERS.membro.id,
      codes[0],
    ]);
    const list = await h.call(`/v1/admin/events/${id}/vouchers`, { token: admin });
    expect(list.body).toHaveLength(25);
    const used = list.body.find((v: { code: string }) => v.code === codes[0]);
    expect(used).toMatchObject({ tier_name: 'Lote 1', used_by_name: DEMO_USERS.membro.name });
    expect(used.used_at).not.toBeNull();
    expect(list.body.filter((v: { used_at: string | null }) => v.used_at === null)).toHaveLength(24);

    const csv = await h.app.request(`/api/v1/admin/events/${id}/vouchers.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // a UTF-8 byte-order mark first, so spreadsheets read the accents
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('Código,Lote,Descrição,Situação,Usado por,Email,Usado em');
    expect(lines).toHaveLength(26);
    const usedLine = lines.find((l) => l.startsWith(`${codes[0]!.slice(0, 4).toUpperCase()}-`));
    expect(usedLine).toContain(`Usado,${DEMO_USERS.membro.name},${DEMO_USERS.membro.email}`);
  });

  it('count 1 to 500, a tier of this event', async () => {
    const id = await createEvent();
    const tier = (await h.call(`/v1/admin/events/${id}/tiers`, { token: admin, json: tierBody() })).body;
    for (const count of [0, 501, 2.5, 'x']) {
      const res = await h.call(`/v1/admin/events/${id}/vouchers`, {
        token: admin,
        json: { tier_id: tier.id, count },
      });
      expect(res.body, String(count)).toEqual({
        code: 'INVALID_DATA',
        message: editorValidation.voucherCount,
      });
    }
    const other = await h.call(`/v1/admin/events/${id}/vouchers`, {
      token: admin,
      json: { tier_id: DEMO_TIERS.happeningNowFree.id, count: 1 },
    });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('TIER_NOT_FOUND');
  });
});

// smallest valid files of each kind (magic numbers first)
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 ');
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n');
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

async function upload(
  path: string,
  bytes: Uint8Array<ArrayBuffer>,
  filename: string,
  type: string,
  name?: string,
) {
  const form = new FormData();
  form.set('file', new File([bytes], filename, { type }));
  if (name !== undefined) form.set('name', name);
  const res = await h.app.request(`/api${path}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('admin files (product-spec.md §7)', () => {
  it('stores event and speaker images by their sniffed type, under a name of ours', async () => {
    for (const [bytes, ext, type] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
      [GIF, 'gif', 'image/gif'],
    ] as const) {
      const res = await upload(
        '/v1/admin/files?type=speakerImage',
        bytes,
        'foto.bin',
        'application/octet-stream',
      );
      expect(res.status).toBe(201);
      expect(res.body.path).toMatch(new RegExp(`^speakers/[0-9a-f-]{36}\\.${ext}$`));
      expect(h.storage.objects.get(`images/${res.body.path}`)?.contentType).toBe(type);
    }
    const event = await upload('/v1/admin/files?type=eventImage', PNG, 'banner.png', 'image/png');
    expect(event.body.path).toMatch(/^events\/.+\.png$/);
  });

  it('refuses what is not an image, whatever its name and declared type', async () => {
    const before = h.storage.objects.size;
    for (const bytes of [HTML, PDF, new Uint8Array([])]) {
      const res = await upload('/v1/admin/files?type=eventImage', bytes, 'evil.png', 'image/png');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ code: 'INVALID_IMAGE', message: editorApiErrors.INVALID_IMAGE });
    }
    expect((await upload('/v1/admin/files?type=other', PNG, 'a.png', 'image/png')).status).toBe(400);
    expect(h.storage.objects.size).toBe(before);
  });

  it('refuses an image over 5 MiB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload('/v1/admin/files?type=eventImage', big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
  });

  it('deletes an image of its own kind only', async () => {
    const { body } = await upload('/v1/admin/files?type=eventImage', PNG, 'banner.png', 'image/png');
    const wrongKind = await h.call(`/v1/admin/files?type=speakerImage&filePath=${body.path}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(wrongKind.status).toBe(400);
    expect(h.storage.objects.has(`images/${body.path}`)).toBe(true);
    const ok = await h.call(`/v1/admin/files?type=eventImage&filePath=${body.path}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(ok.status).toBe(200);
    expect(h.storage.objects.has(`images/${body.path}`)).toBe(false);
    const traversal = await h.call('/v1/admin/files?type=eventImage&filePath=events/../receipts/x.png', {
      method: 'DELETE',
      token: admin,
    });
    expect(traversal.status).toBe(400);
  });

  it('event files: a PDF or an image to the private bucket, listed on the event, removable', async () => {
    const id = await createEvent();
    const pdf = await upload(
      `/v1/admin/events/${id}/files`,
      PDF,
      'prog.pdf',
      'application/pdf',
      'Programação',
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body.path).toMatch(new RegExp(`^events/${id}/[0-9a-f-]{36}\\.pdf$`));
    expect(h.storage.objects.get(`event-files/${pdf.body.path}`)?.contentType).toBe('application/pdf');
    const html = await upload(`/v1/admin/events/${id}/files`, HTML, 'x.pdf', 'application/pdf', 'X');
    expect(html.body.code).toBe('INVALID_EVENT_FILE');
    const noName = await upload(`/v1/admin/events/${id}/files`, PDF, 'prog.pdf', 'application/pdf', ' ');
    expect(noName.body).toEqual({ code: 'INVALID_DATA', message: editorValidation.fileName });
    expect((await h.call(`/v1/events/${id}`)).body.files).toEqual([
      { name: 'Programação', path: pdf.body.path },
    ]);
    const del = await h.call(`/v1/admin/events/${id}/files?path=${encodeURIComponent(pdf.body.path)}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(del.status).toBe(200);
    expect((await h.call(`/v1/events/${id}`)).body.files).toEqual([]);
    expect(h.storage.objects.has(`event-files/${pdf.body.path}`)).toBe(false);
  });
});

describe('geocode', () => {
  it('finds the fixed addresses by their words, with coordinates', async () => {
    const res = await h.call('/v1/admin/geocode?q=augusta%201500', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        label: 'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001',
        lat: -23.557583,
        lng: -46.661491,
      },
    ]);
    expect((await h.call('/v1/admin/geocode?q=sao%20paulo%20ipiranga', { token: admin })).body).toHaveLength(
      1,
    );
    expect((await h.call('/v1/admin/geocode?q=ab', { token: admin })).status).toBe(400);
  });
});
