import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../../server/seed/demo.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import type { AdminUser } from '../../../../src/domain/types.ts';
import { createTestApp, seededDb } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite; tokens are fakes naming the demo users.
let t: ReturnType<typeof createTestApp>;
let close: () => Promise<void>;
const h = {
  call: (path: string, init: { token?: string } = {}) => t.call(path, init),
  token: async (user: 'admin' | 'secretaria' | 'lider' | 'voluntario' | 'membro') => t.tokenFor(user),
};
beforeAll(async () => {
  const database = await seededDb();
  close = database.close;
  t = createTestApp({ db: database.db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('GET /v1/admin/users/search', () => {
  it('401 without a token, 403 for a member without read_confirmations', async () => {
    expect(await h.call('/v1/admin/users/search?q=a')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await h.call('/v1/admin/users/search?q=a', { token: await h.token('membro') })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN },
    });
    // voluntario only has checkin
    expect((await h.call('/v1/admin/users/search', { token: await h.token('voluntario') })).status).toBe(403);
  });

  it('finds users by name, e-mail or phone digits, with congregation and roles', async () => {
    const token = await h.token('secretaria');
    const byName = await h.call('/v1/admin/users/search?q=mateus', { token });
    expect(byName.status).toBe(200);
    const users = byName.body as AdminUser[];
    expect(users.map((u) => u.email)).toEqual([DEMO_USERS.membro.email]);
    expect(users[0]).toMatchObject({ id: DEMO_USERS.membro.id, roles: [], permissions: [] });
    expect(users[0]!.temple_name).toBeTruthy();

    const byEmail = await h.call('/v1/admin/users/search?q=admin%40congrega', { token });
    expect((byEmail.body as AdminUser[]).map((u) => u.roles)).toEqual([['admin']]);

    const byPhone = await h.call(`/v1/admin/users/search?q=${encodeURIComponent('(21) 99876-0005')}`, {
      token,
    });
    expect((byPhone.body as AdminUser[]).map((u) => u.id)).toEqual([DEMO_USERS.membro.id]);

    const wildcard = await h.call('/v1/admin/users/search?q=%25', { token });
    expect(wildcard.body).toEqual([]);
  });

  it('filters by congregation, pages by 20 and rejects bad filters without a 500', async () => {
    const token = await h.token('lider');
    const all = (await h.call('/v1/admin/users/search', { token })).body as AdminUser[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.length).toBeLessThanOrEqual(20);
    const names = all.map((u) => u.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);

    const temple = all.find((u) => u.temple_id)!.temple_id!;
    const same = (await h.call(`/v1/admin/users/search?temple_id=${temple}`, { token })).body as AdminUser[];
    expect(same.length).toBeGreaterThan(0);
    expect(same.every((u) => u.temple_id === temple)).toBe(true);

    expect((await h.call('/v1/admin/users/search?page=99', { token })).body).toEqual([]);
    for (const bad of ['temple_id=nope', 'page=-1', 'page=abc', `q=${'x'.repeat(200)}`]) {
      const res = await h.call(`/v1/admin/users/search?${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_DATA', message: 'Dados inválidos' });
    }
  });
});
