import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seededDb } from '../../testing/test-app.ts';

describe('GET /v1/temples', () => {
  let t: ReturnType<typeof createTestApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await seededDb();
    close = database.close;
    t = createTestApp({ db: database.db });
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('lists our congregations by name (pt-BR), without visitors, no token needed', async () => {
    const res = await t.client().v1.temples.$get();
    expect(res.status).toBe(200);
    const temples = await res.json();
    const names = temples.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(names).toContain('Sede');
    expect(names).not.toContain('Visitantes');
    expect(Object.keys(temples[0]!).sort()).toEqual(['id', 'name', 'regional']);
  });
});
