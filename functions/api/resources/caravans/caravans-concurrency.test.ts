import { describe, expect, it } from 'vitest';
import { randomCpf } from '../../../../tests/e2e/cpf.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';

// On a real PostgreSQL (postgres project) the caravans really race over a connection pool; PGlite
// (unit project) has one connection and runs the same requests one after the other.
const { database, t } = apiSuite();

const group = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Pessoa Grupo ${i + 1}`, cpf: randomCpf(), email: '' }));

async function race(eventId: string, tierId: string, sizes: number[]) {
  const leaders = await makeUsers(database.db, sizes.length);
  return Promise.all(
    sizes.map((n, i) =>
      t.call(`/v1/checkout/${eventId}/${tierId}/caravan`, {
        token: t.tokenFor({ id: leaders[i]! }),
        json: { tierId, paymentMethod: 'cash', people: group(n) },
      }),
    ),
  );
}

async function perGroup(eventId: string) {
  return database.db.query<{ people: number; regs: number }>(
    `select g.people, (select count(*)::int from registrations r where r.group_id = g.id) as regs
       from registration_groups g where g.event_id = $1`,
    [eventId],
  );
}

describe('caravans under concurrency', () => {
  it('one leader’s parallel caravans never hold more than the unpaid cap, nor pass the hourly limit', async () => {
    const fx = await makeEvent(database.db, { total: 100, price: 1500 });
    const [leader] = await makeUsers(database.db, 1);
    const token = t.tokenFor({ id: leader! });
    const answers = await Promise.all(
      [8, 8, 8].map((n) =>
        t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
          token,
          json: { tierId: fx.tierId, paymentMethod: 'cash', people: group(n) },
        }),
      ),
    );
    // 8 + 8 fit the 20 unpaid places a leader may hold; the third would make 24
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('CARAVAN_UNPAID_LIMIT');
    const [held] = await database.db.query<{ n: number }>(
      `select count(*)::int as n from registrations where user_id = $1 and status = 'pending'`,
      [leader],
    );
    expect(held!.n).toBe(16);
    // four more in parallel (small ones): only one passes the hourly limit of 3
    const more = await Promise.all(
      [2, 2, 2, 2].map((n) =>
        t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
          token,
          json: { tierId: fx.tierId, paymentMethod: 'cash', people: group(n) },
        }),
      ),
    );
    expect(more.filter((a) => a.status === 201)).toHaveLength(1);
    expect(more.filter((a) => a.status === 429).every((a) => a.body.code === 'CARAVAN_RATE_LIMITED')).toBe(
      true,
    );
  });

  it('caravans racing for a tier take exactly its places, each all or none', async () => {
    const fx = await makeEvent(database.db, { total: 10, price: 1500 });
    const answers = await race(fx.eventId, fx.tierId, Array(12).fill(3));
    const ok = answers.filter((a) => a.status === 201);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'TIER_UNAVAILABLE')).toBe(
      true,
    );
    expect(await tierAvailable(database.db, fx.tierId)).toBe(1);
    // no group half-registered: the refused ones left no group, no registration, no attempt
    expect(await perGroup(fx.eventId)).toEqual(Array(3).fill({ people: 3, regs: 3 }));
    const [n] = await database.db.query<{ n: number }>(
      `select count(*)::int as n from registrations where event_id = $1`,
      [fx.eventId],
    );
    expect(n!.n).toBe(9);
  }, 120_000);

  it('a group of 5 on 4 places is refused with nothing taken while smaller groups race it', async () => {
    const fx = await makeEvent(database.db, { total: 4 });
    const answers = await race(fx.eventId, fx.tierId, [5, 2, 2, 5]);
    expect(answers.map((a) => a.status)).toEqual([409, 201, 201, 409]);
    expect(answers[0]!.body.message).toBe('Opss... as inscrições desse lote esgotaram');
    expect(await tierAvailable(database.db, fx.tierId)).toBe(0);
    expect(await perGroup(fx.eventId)).toEqual([
      { people: 2, regs: 2 },
      { people: 2, regs: 2 },
    ]);
  }, 120_000);

  it('two caravans with the same guest CPF at once: exactly one holds it', async () => {
    const fx = await makeEvent(database.db, { total: 20 });
    const shared = randomCpf();
    const leaders = await makeUsers(database.db, 6);
    const answers = await Promise.all(
      leaders.map((id) =>
        t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}/caravan`, {
          token: t.tokenFor({ id }),
          json: {
            tierId: fx.tierId,
            paymentMethod: 'cash',
            people: [...group(1), { name: 'Pessoa Repetida', cpf: shared, email: '' }],
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.code === 'CARAVAN_CPF_REGISTERED'),
    ).toBe(true);
    expect(await tierAvailable(database.db, fx.tierId)).toBe(18);
  }, 120_000);
});
