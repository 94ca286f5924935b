import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database as Connection, openMigratedDatabase } from '../../../server/db.ts';
import { authApiErrors } from '../../../src/domain/messages/auth.ts';
import { checkoutApiErrors } from '../../../src/domain/messages/checkout.ts';
import { validationMessages } from '../../../src/domain/messages/validation.ts';
import { apiErrors } from '../../../src/domain/messages.ts';
import { type PostgresCluster, startPostgres } from '../../../tests/postgres/cluster.ts';
import { testPostgresUrl } from '../../../tests/postgres/databases.ts';
import { ApiHttpError } from '../lib/errors.ts';
import type { Db } from '../ports/db.ts';
import { exec, qb, runOne } from './kysely.ts';
import { errorFromPg, rethrowPg } from './pg-errors.ts';

// Real errors, produced by PGlite and by PostgreSQL through postgres.js (their error objects differ:
// `constraint` vs `constraint_name`).
const connections = new Map<string, Connection>();
let cluster: PostgresCluster | undefined;

// PGlite in the integration project, postgres.js in the postgres project (on a database of its
// shared server: one server per run instead of one per file).
const DRIVERS = testPostgresUrl() ? ['postgres.js'] : ['pglite'];

beforeAll(async () => {
  if (!testPostgresUrl()) {
    connections.set('pglite', await openMigratedDatabase({}));
    return;
  }
  cluster = await startPostgres();
  connections.set('postgres.js', await openMigratedDatabase({ url: cluster.url }));
}, 120_000);

afterAll(async () => {
  for (const c of connections.values()) await c.close();
  await cluster?.stop();
});

/** The error a statement throws (fails the test when it succeeds). */
async function failure(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

async function answer(statement: Promise<unknown>) {
  const error = errorFromPg(await failure(statement));
  expect(error).toBeInstanceOf(ApiHttpError);
  return { status: error!.status, ...error!.toBody() };
}

async function user(db: Db): Promise<string> {
  const id = randomUUID();
  // confirmed: only confirmed accounts hold a CPF (profiles_cpf_key is partial)
  await exec(
    db,
    qb.insertInto('auth.users').values({ id, email: `${id}@test.local`, email_confirmed_at: new Date() }),
  );
  return id;
}

async function eventWithTier(db: Db, available: number | null = 10) {
  const event = await runOne(
    db,
    qb.insertInto('events').values({ title: 'Evento', starts_at: new Date() }).returning('id'),
  );
  const tier = await runOne(
    db,
    qb
      .insertInto('pricing_tiers')
      .values({ event_id: event.id, name: 'Lote', price: 0, available, total: available })
      .returning('id'),
  );
  return { eventId: event.id, tierId: tier.id };
}

const register = (db: Db, userId: string, eventId: string, tierId: string) =>
  exec(
    db,
    qb
      .insertInto('registrations')
      .values({ user_id: userId, event_id: eventId, tier_id: tierId, frozen_value: 0 }),
  );

describe.each(DRIVERS)('errorFromPg with errors from %s', (driver) => {
  const db = () => connections.get(driver)!.db;

  it('registrations_one_active_idx → 409 ALREADY_REGISTERED', async () => {
    const userId = await user(db());
    const { eventId, tierId } = await eventWithTier(db());
    await register(db(), userId, eventId, tierId);
    expect(await answer(register(db(), userId, eventId, tierId))).toEqual({
      status: 409,
      code: 'ALREADY_REGISTERED',
      message: checkoutApiErrors.ALREADY_REGISTERED,
    });
  });

  it('pricing_tiers_available_range → 409 TIER_UNAVAILABLE', async () => {
    const { tierId } = await eventWithTier(db(), 0);
    const take = exec(
      db(),
      qb
        .updateTable('pricing_tiers')
        .set((eb) => ({ available: eb('available', '-', 1) }))
        .where('id', '=', tierId),
    );
    expect(await answer(take)).toMatchObject({ status: 409, code: 'TIER_UNAVAILABLE' });
  });

  it('registrations_tier_event_fkey (a tier of another event) → 422 INVALID_TIER_OR_EVENT', async () => {
    const userId = await user(db());
    const a = await eventWithTier(db());
    const b = await eventWithTier(db());
    expect(await answer(register(db(), userId, a.eventId, b.tierId))).toMatchObject({
      status: 422,
      code: 'INVALID_TIER_OR_EVENT',
    });
  });

  it('a row hanging from a missing event → 404 EVENT_NOT_FOUND', async () => {
    const insert = exec(
      db(),
      qb.insertInto('pricing_tiers').values({ event_id: randomUUID(), name: 'Lote', price: 0 }),
    );
    expect(await answer(insert)).toMatchObject({ status: 404, code: 'EVENT_NOT_FOUND' });
  });

  it('profiles: cpf taken → 409 CPF_ALREADY_REGISTERED; bad cpf, unknown congregation → 400 with their text', async () => {
    const cpf = String(Date.now()).slice(-11).padStart(11, '9');
    const profile = (id: string, values: { cpf?: string; temple_id?: string }) =>
      exec(
        db(),
        qb.insertInto('profiles').values({ id, name: 'Maria', email: `${id}@test.local`, ...values }),
      );
    await profile(await user(db()), { cpf });
    expect(await answer(profile(await user(db()), { cpf }))).toEqual({
      status: 409,
      code: 'CPF_ALREADY_REGISTERED',
      message: authApiErrors.CPF_ALREADY_REGISTERED,
    });
    expect(await answer(profile(await user(db()), { cpf: '123' }))).toEqual({
      status: 400,
      code: 'INVALID_DATA',
      message: validationMessages.cpf,
    });
    expect(await answer(profile(await user(db()), { temple_id: randomUUID() }))).toEqual({
      status: 400,
      code: 'INVALID_DATA',
      message: validationMessages.temple,
    });
  });

  it('users_email_key → 409 EMAIL_ALREADY_REGISTERED', async () => {
    const email = `${randomUUID()}@test.local`;
    await exec(db(), qb.insertInto('auth.users').values({ email }));
    const again = exec(db(), qb.insertInto('auth.users').values({ email: email.toUpperCase() }));
    expect(await answer(again)).toMatchObject({ status: 409, code: 'EMAIL_ALREADY_REGISTERED' });
  });

  it('an unmapped unique violation → 409 INVALID_DATA', async () => {
    // the same voucher code twice (tags' names are mapped: TAG_NAME_TAKEN, tested below)
    const code = randomUUID().replace(/-/g, '').slice(0, 8);
    await exec(db(), qb.insertInto('vouchers').values({ code }));
    const again = exec(db(), qb.insertInto('vouchers').values({ code }));
    expect(await answer(again)).toEqual({
      status: 409,
      code: 'INVALID_DATA',
      message: apiErrors.INVALID_DATA,
    });
  });

  it('a tag name already in use (any case) → 409 TAG_NAME_TAKEN', async () => {
    const name = `tag ${randomUUID()}`;
    await exec(db(), qb.insertInto('tags').values({ name }));
    const again = exec(db(), qb.insertInto('tags').values({ name: name.toUpperCase() }));
    expect(await answer(again)).toMatchObject({ status: 409, code: 'TAG_NAME_TAKEN' });
  });

  it('an unmapped check violation → 400 INVALID_DATA', async () => {
    const insert = exec(
      db(),
      qb.insertInto('events').values({
        title: 'Evento',
        starts_at: new Date(),
        checkin_starts_at: new Date('2026-02-02'),
        checkin_ends_at: new Date('2026-02-01'),
      }),
    );
    expect(await answer(insert)).toMatchObject({ status: 400, code: 'INVALID_DATA' });
  });

  it('a missing required value (not null) → 400 INVALID_DATA', async () => {
    const insert = db().query('insert into public.events (title, starts_at) values ($1, $2)', [
      'Evento',
      null,
    ]);
    expect(await answer(insert)).toMatchObject({ status: 400, code: 'INVALID_DATA' });
  });

  it('a bad uuid (22P02), a too long value (22001) and a NUL byte (22021) → 400 INVALID_DATA', async () => {
    const badUuid = db().query('select id from public.events where id = $1', ['not-a-uuid']);
    expect(await answer(badUuid)).toMatchObject({ status: 400, code: 'INVALID_DATA' });
    const { eventId, tierId } = await eventWithTier(db());
    const tooLong = exec(
      db(),
      qb.insertInto('registrations').values({
        user_id: await user(db()),
        event_id: eventId,
        tier_id: tierId,
        frozen_value: 0,
        seq: '1234567',
      }),
    );
    const tooLongError = await failure(tooLong);
    expect(tooLongError).toMatchObject({ code: '22001' });
    expect(errorFromPg(tooLongError)?.status).toBe(400);
    const nul = exec(db(), qb.insertInto('tags').values({ name: 'a\u0000b' }));
    expect(await answer(nul)).toMatchObject({ status: 400, code: 'INVALID_DATA' });
  });

  it('deleting a row still referenced (no cascade) → 409 INVALID_DATA', async () => {
    await db().query(
      'create table if not exists public.pg_errors_probe (event_id uuid not null references public.events (id))',
    );
    try {
      const { eventId } = await eventWithTier(db());
      await db().query('insert into public.pg_errors_probe (event_id) values ($1)', [eventId]);
      const remove = exec(db(), qb.deleteFrom('events').where('id', '=', eventId));
      expect(await answer(remove)).toMatchObject({ status: 409, code: 'INVALID_DATA' });
    } finally {
      await db().query('drop table public.pg_errors_probe');
    }
  });

  it('rethrowPg keeps errors it cannot explain', async () => {
    const error = await failure(db().query('select * from public.no_such_table'));
    expect(errorFromPg(error)).toBeNull(); // 42P01: a bug, not bad input
    expect(() => rethrowPg(error)).toThrow(error as Error);
  });
});

describe('errorFromPg without a database', () => {
  it('passes an ApiHttpError through and ignores what is not a Postgres error', () => {
    const api = new ApiHttpError(404, 'NOT_FOUND');
    expect(errorFromPg(api)).toBe(api);
    expect(errorFromPg(new Error('boom'))).toBeNull();
    expect(errorFromPg({ code: 'ECONNREFUSED' })).toBeNull();
    expect(errorFromPg({ code: '40001' })).toBeNull(); // serialization failure: retry, not the client's fault
    expect(errorFromPg(null)).toBeNull();
  });
});
