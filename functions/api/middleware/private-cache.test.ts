/**
 * Cache headers of signed-in answers: a member's own data (registrations, profile, check-ins), staff
 * data and errors to a request with a token are `private, no-store`; an anonymous public read keeps
 * its shared-cache headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS } from '../../../server/seed/demo.ts';
import type { Db } from '../ports/db.ts';
import { createTestApp, seededDb } from '../testing/test-app.ts';
import { PRIVATE_CACHE, PUBLIC_READ_CACHE } from './public-cache.ts';

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

describe('Cache-Control of signed-in answers', () => {
  it('a member’s own data is private, no-store', async () => {
    const token = t.tokenFor('membro');
    for (const path of ['/v1/registrations', '/v1/me', '/v1/checkins', '/v1/me/export']) {
      const res = await t.call(path, { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PRIVATE_CACHE);
    }
  });

  it('staff answers and errors to a request with a token are private, no-store too', async () => {
    const staff = await t.call(`/v1/admin/checkin/events/${DEMO_EVENTS.happeningNow.id}/roster`, {
      token: t.tokenFor('voluntario'),
    });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe(PRIVATE_CACHE);
    const refused = await t.call('/v1/admin/reports', { token: t.tokenFor('membro') });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe(PRIVATE_CACHE);
    const badToken = await t.call('/v1/me', { headers: { authorization: 'Bearer nada' } });
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get('cache-control')).toBe(PRIVATE_CACHE);
  });

  it('an anonymous public read keeps its shared-cache headers', async () => {
    const res = await t.call('/v1/events/upcoming');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC_READ_CACHE);
    // the same read with a token: private
    const signed = await t.call('/v1/events/upcoming', { token: t.tokenFor('membro') });
    expect(signed.headers.get('cache-control')).toBe(PRIVATE_CACHE);
  });
});
