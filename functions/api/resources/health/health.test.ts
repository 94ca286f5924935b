import { describe, expect, it } from 'vitest';
import { createTestApp, unusedDb } from '../../testing/test-app.ts';

describe('GET /health', () => {
  it('answers without a database', async () => {
    const t = createTestApp({ db: unusedDb });
    const res = await t.client().health.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
