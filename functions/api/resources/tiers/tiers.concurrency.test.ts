import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../../testing/test-app.ts';

// Through the real host: PGlite in the unit project, a real PostgreSQL (several connections) in the
// postgres project, where place-taking and total changes really run at the same time.
let h: TestHost;
let admin: string;
beforeAll(async () => {
  h = await startTestHost();
  admin = await h.token('admin');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A place taken the way the checkout takes it: one statement, refused when none is left. */
async function takePlace(tierId: string): Promise<boolean> {
  const rows = await h.query(
    'update public.pricing_tiers set available = available - 1 where id = $1 and available > 0 returning available',
    [tierId],
  );
  return rows.length === 1;
}

describe('tier total vs. places taken, concurrently', () => {
  it('every change of total moves available by its delta; no place is lost or oversold', async () => {
    const [venue] = await h.query<{ id: string }>('select id from public.venues limit 1');
    const event = await h.call('/v1/admin/events', {
      token: admin,
      json: {
        title: 'Congresso concorrido',
        starts_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        venue_ids: [venue!.id],
      },
    });
    expect(event.status).toBe(201);
    const tier = await h.call(`/v1/admin/events/${event.body.id}/tiers`, {
      token: admin,
      json: { name: 'Lote único', price: 5000, total: 100 },
    });
    expect(tier.body).toMatchObject({ total: 100, available: 100 });
    const tierId = tier.body.id as string;

    const totals = [120, 60, 150, 80, 130, 40, 110, 90, 140, 100];
    const checkouts = Array.from({ length: 200 }, () => takePlace(tierId));
    const edits = totals.map((total, i) =>
      new Promise((r) => setTimeout(r, i * 5)).then(() =>
        h.call(`/v1/admin/events/${event.body.id}/tiers/${tierId}`, {
          method: 'PUT',
          token: admin,
          json: { name: 'Lote único', price: 5000, total },
        }),
      ),
    );
    const [taken, answers] = await Promise.all([Promise.all(checkouts), Promise.all(edits)]);
    const placesTaken = taken.filter(Boolean).length;

    for (const a of answers) {
      expect([200, 409]).toContain(a.status);
      if (a.status === 409) expect(a.body.code).toBe('TOTAL_BELOW_TAKEN');
      // whatever it answered, the tier it saw was consistent at that moment
      if (a.status === 200) expect(a.body.available).toBeGreaterThanOrEqual(0);
    }
    const [final] = await h.query<{ total: number; available: number }>(
      'select total, available from public.pricing_tiers where id = $1',
      [tierId],
    );
    // the invariant: places left = total − places taken, whatever interleaving happened
    expect(final!.available).toBe(final!.total - placesTaken);
    expect(final!.available).toBeGreaterThanOrEqual(0);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(totals).toContain(final!.total);
    // and a total below what is taken is refused afterwards
    const below = await h.call(`/v1/admin/events/${event.body.id}/tiers/${tierId}`, {
      method: 'PUT',
      token: admin,
      json: { name: 'Lote único', price: 5000, total: placesTaken - 1 },
    });
    expect(below.status).toBe(409);
  });
});
