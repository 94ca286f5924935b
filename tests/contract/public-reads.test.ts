import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { client, startHost } from './helpers.ts';

/**
 * The anonymous event read through the real host, as a crowd asks for it: one shared read,
 * compressed bytes kept by the answer's ETag and the listener's one-second micro-cache
 * (server/micro-cache.ts), none of which may serve an old event after an edit or a member's answer
 * to anyone. Raw HTTP (node:http) so the compressed bytes are seen as sent, not decoded by fetch.
 */
let host: Host;
let admin: string;
let venueId: string;
beforeAll(async () => {
  host = await startHost({ seed: true });
  const signIn = await client(host).auth.signInWithPassword({
    email: DEMO_USERS.admin.email,
    password: DEMO_PASSWORD,
  });
  admin = signIn.data.session!.access_token;
  const [venue] = await host.database.db.query<{ id: string }>('select id from venues order by name limit 1');
  venueId = venue!.id;
}, 120_000);
afterAll(() => host?.close());

const id = DEMO_EVENTS.conference.id;
let eventId = id;
const path = () => `${host.url}/functions/v1/api/v1/events/${eventId}`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function raw(headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = get(path(), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (r: Raw) => {
  const encoding = r.headers['content-encoding'];
  const text =
    encoding === 'br' ? brotliDecompressSync(r.bytes) : encoding === 'gzip' ? gunzipSync(r.bytes) : r.bytes;
  return JSON.parse(text.toString('utf8')) as { id: string; title: string };
};

/** The admin API, as the editor calls it (a write through the host). */
async function api(path: string, method: string, json?: unknown) {
  const res = await fetch(`${host.url}/functions/v1/api${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
}

const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
const eventBody = (title: string) => ({
  title,
  description: '<p>Um dia de louvor.</p>',
  details: '',
  starts_at: startsAt,
  registration_policy: 'requires',
  checkin_policy: 'requires',
  allowed_payment_methods: ['cash'],
  venue_ids: [venueId],
  speaker_ids: [],
  tag_ids: [],
});

async function setTitle(title: string) {
  expect((await api(`/v1/admin/events/${eventId}`, 'PUT', eventBody(title))).status).toBe(200);
}

describe('anonymous GET of one event through the host', () => {
  it('br and gzip decode to the same JSON as the plain answer, with one ETag and the cache headers', async () => {
    const plain = await raw({ 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = decode(plain);
    expect(json.id).toBe(id);
    for (const encoding of ['br', 'gzip']) {
      // twice: the second answer comes from the kept bytes
      for (const round of [1, 2]) {
        const r = await raw({ 'accept-encoding': encoding });
        expect(r.status, `${encoding} ${round}`).toBe(200);
        expect(r.headers['content-encoding']).toBe(encoding);
        expect(Number(r.headers['content-length'])).toBe(r.bytes.byteLength);
        expect(r.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
        expect(decode(r)).toEqual(json);
        expect(r.headers.etag).toBe(plain.headers.etag);
        expect(r.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
        expect(r.headers.vary).toMatch(/accept-encoding/i);
        expect(r.headers.vary).toMatch(/authorization/i);
      }
    }
  });

  it('a crowd gets identical compressed answers; If-None-Match with the tag answers 304 without a body', async () => {
    const crowd = await Promise.all(Array.from({ length: 40 }, () => raw({ 'accept-encoding': 'gzip, br' })));
    const first = crowd[0]!;
    for (const r of crowd) {
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers.etag).toBe(first.headers.etag);
      expect(r.bytes.equals(first.bytes)).toBe(true);
    }
    const etag = String(first.headers.etag);
    const again = await Promise.all(
      Array.from({ length: 10 }, () => raw({ 'accept-encoding': 'gzip, br', 'if-none-match': etag })),
    );
    for (const r of again) {
      expect(r.status).toBe(304);
      expect(r.bytes.byteLength).toBe(0);
      expect(r.headers.etag).toBe(etag);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers['cache-control']).toBe(first.headers['cache-control']);
    }
  });

  it("a member's read is never answered from the micro-cache, nor kept for anyone else", async () => {
    const anonymous = await raw({ 'accept-encoding': 'br' }); // kept for a second now
    const member = await raw({ 'accept-encoding': 'br', authorization: `Bearer ${admin}` });
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers.etag).toBeUndefined();
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    // and the other way round: after the member's read, an anonymous one is the public answer
    const again = await raw({ 'accept-encoding': 'br' });
    expect(again.headers['cache-control']).toMatch(/^public/);
    expect(again.headers.etag).toBe(anonymous.headers.etag);
  });

  it('an edit through the API is in the next read, in every encoding: new ETag, the old tag no longer a 304', async () => {
    const title = 'Noite de louvor';
    const created = await api('/v1/admin/events', 'POST', eventBody(title));
    expect(created.status).toBe(201);
    eventId = created.body.id;
    const before = await raw({ 'accept-encoding': 'br' });
    // twice: the second from the listener's micro-cache (within its second, the same bytes)
    expect((await raw({ 'accept-encoding': 'br' })).bytes.equals(before.bytes)).toBe(true);
    const oldTag = String(before.headers.etag);
    expect(decode(before).title).toBe(title);
    // the old bytes are in the kept compressed variants now (both encodings)
    await raw({ 'accept-encoding': 'gzip' });
    await setTitle(`${title} (editado)`);
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const after = await raw({ 'accept-encoding': encoding, 'if-none-match': oldTag });
        expect(after.status, encoding).toBe(200);
        expect(after.headers.etag, encoding).not.toBe(oldTag);
        expect(decode(after).title, encoding).toBe(`${title} (editado)`);
      }
      // and back: the first body's tag again, its kept bytes still the right ones
      await setTitle(title);
      const back = await raw({ 'accept-encoding': 'br', 'if-none-match': 'W/"other"' });
      expect(back.headers.etag).toBe(oldTag);
      expect(decode(back).title).toBe(title);
    } finally {
      eventId = id;
    }
  });
});
