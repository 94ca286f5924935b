import { describe, expect, it } from 'vitest';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeRegistration, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';

// Places returned and offers taken at the same time (docs/product-spec.md §4, 'Lista de espera'):
// on a real PostgreSQL (postgres project) cancels, checkouts of those offered, checkouts of people
// not on the list, offers running out and sweeps really race over a connection pool; PGlite
// (integration project) has one connection and runs a smaller burst through the same code.
const { database, t } = apiSuite();

const onPostgres = () => database.driver === 'postgres';

describe('waiting list under concurrency', () => {
  it('never two people for one place: the tier ends with exactly its capacity sold', async () => {
    const places = onPostgres() ? 40 : 8;
    const db = database.db;
    const fx = await makeEvent(db, { total: places, price: 2500 });
    const holders = await makeUsers(db, places);
    for (const user of holders) await makeRegistration(db, fx, user);
    const waiters = await makeUsers(db, places * 3);
    const outsiders = await makeUsers(db, places);
    const token = (id: string) => t.tokenFor({ id });
    for (const w of waiters) {
      expect(
        (await t.call(`/v1/waitlist/tiers/${fx.tierId}`, { method: 'POST', token: token(w) })).status,
      ).toBe(201);
    }
    const checkout = (user: string) =>
      t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        token: token(user),
        json: { tierId: fx.tierId, paymentMethod: 'cash' },
      });
    const sweep = () =>
      t.call('/v1/mercadopago/sweep', { method: 'POST', headers: { authorization: 'Bearer service' } });
    /** A waiter asks for their entry until an offer comes (then checks out) or the rounds end. */
    const waiter = async (user: string) => {
      for (let round = 0; round < 30; round += 1) {
        const entry = (await t.call(`/v1/waitlist/tiers/${fx.tierId}`, { token: token(user) })).body.entry;
        if (!entry) return;
        if (entry.status === 'offered') {
          await checkout(user);
          return;
        }
      }
    };
    /** Some offers run out while everything else goes on. */
    const expirer = async () => {
      for (let i = 0; i < 6; i += 1) {
        await db.query(
          `update waitlist_entries set offer_expires_at = now() - interval '1 second'
            where id = (select id from waitlist_entries where tier_id = $1 and status = 'offered' order by random() limit 1)`,
          [fx.tierId],
        );
        await sweep();
      }
    };

    const [, outsiderAnswers] = await Promise.all([
      Promise.all(
        holders.flatMap((h) => {
          const cancel = () =>
            t.call(`/v1/registrations/${fx.eventId}/cancel-registration`, {
              method: 'POST',
              token: token(h),
            });
          return [cancel(), cancel()];
        }),
      ),
      Promise.all(outsiders.map(checkout)),
      Promise.all(waiters.map(waiter)),
      expirer(),
    ]);

    // while people wait, a returned place is never sold to someone not on the list
    expect(outsiderAnswers.every((a) => a.status === 409 && a.body.code === 'TIER_UNAVAILABLE')).toBe(true);
    const counts = async () => {
      const [row] = await db.query<{ active: number; offered: number; people: number }>(
        `select (select count(*)::int from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')) as active,
                (select count(distinct user_id)::int from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')) as people,
                (select count(*)::int from waitlist_entries where tier_id = $1 and status = 'offered') as offered`,
        [fx.tierId],
      );
      return { ...row!, available: (await tierAvailable(db, fx.tierId))! };
    };
    // every place is sold, held or for sale, exactly once
    const during = await counts();
    expect(during.active + during.offered + during.available).toBe(places);
    expect(during.people).toBe(during.active);
    expect(during.available).toBeGreaterThanOrEqual(0);

    // the offers still out are taken: exactly the capacity sold, nothing left over
    for (let round = 0; round < places * 2; round += 1) {
      const out = await db.query<{ user_id: string }>(
        `select user_id from waitlist_entries where tier_id = $1 and status = 'offered'`,
        [fx.tierId],
      );
      if (out.length === 0) break;
      await Promise.all(out.map((o) => checkout(o.user_id)));
    }
    const after = await counts();
    expect(after).toEqual({ active: places, people: places, offered: 0, available: 0 });
  }, 240_000);
});
