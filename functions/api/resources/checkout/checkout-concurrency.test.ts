import { describe, expect, it } from 'vitest';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';

// On a real PostgreSQL (postgres project) the checkouts really race over a connection pool: 2,000
// distinct members on a 100-place tier (docs/architecture.md, 'Budgets'). PGlite (unit project) has one connection, so
// it runs a smaller burst through the same code.
const { database, t } = apiSuite();

const onPostgres = () => database.driver === 'postgres';

describe('checkout under concurrency', () => {
  it('sells exactly the places of the tier, never more, then returns each place exactly once', async () => {
    const attempts = onPostgres() ? 2000 : 300;
    const places = onPostgres() ? 100 : 30;
    const db = database.db;
    const fx = await makeEvent(db, { total: places, price: 2500 });
    const users = await makeUsers(db, attempts);
    const tokens = users.map((id) => t.tokenFor({ id }));

    const answers = await Promise.all(
      tokens.map((token) =>
        t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
          token,
          json: { tierId: fx.tierId, paymentMethod: 'cash' },
        }),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: places, 409: attempts - places });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'TIER_UNAVAILABLE')).toBe(
      true,
    );
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')`,
      [fx.tierId],
    );
    expect(count!.n).toBe(places);
    expect(await tierAvailable(db, fx.tierId)).toBe(0);

    // every member cancels twice at once while staff expire and reject the same attempts
    const winners = answers.filter((a) => a.status === 201);
    const tokenOf = new Map(answers.map((a, i) => [a, tokens[i]!]));
    await Promise.allSettled(
      winners.flatMap((w) => {
        const token = tokenOf.get(w)!;
        const cancel = () =>
          t.call(`/v1/registrations/${fx.eventId}/cancel-registration`, { token, method: 'POST' });
        return [cancel(), cancel()];
      }),
    );
    expect(await tierAvailable(db, fx.tierId)).toBe(places);
    const [left] = await db.query<{ n: number }>(
      `select count(*)::int as n from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')`,
      [fx.tierId],
    );
    expect(left!.n).toBe(0);
  }, 240_000);
});
