import { beforeAll, describe, expect, it } from 'vitest';
import { ApiHttpError } from '../../lib/errors.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import {
  type EventFixture,
  makeEvent,
  makeRegistration,
  makeUsers,
  tierAvailable,
} from '../../testing/checkout-fixtures.ts';
import { transitionConfirmation } from './confirmation-transitions.ts';

// Runs in both projects: PGlite (unit) and a real PostgreSQL (postgres), where the concurrent cases
// really race.
const { database } = apiSuite();

const db = () => database.db;

async function statusOf(confirmationId: string) {
  const [row] = await db().query<{
    c: string;
    r: string;
    data: Record<string, unknown> | null;
    reviewed_by: string | null;
  }>(
    `select c.status as c, r.status as r, c.response_data as data, c.reviewed_by
       from registration_confirmations c join registrations r on r.id = c.registration_id where c.id = $1`,
    [confirmationId],
  );
  return row!;
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiHttpError)
      return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('transitionConfirmation', () => {
  let fx: EventFixture;
  let users: string[];
  beforeAll(async () => {
    fx = await makeEvent(db(), { total: 10 });
    users = await makeUsers(db(), 12);
  });

  it('approves a pending confirmation: confirmation and registration paid, reviewer kept, place kept', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[0]!);
    const before = await tierAvailable(db(), fx.tierId);
    const result = await transitionConfirmation(db(), { confirmationId, to: 'paid', reviewedBy: users[11]! });
    expect(result).toMatchObject({ changed: true, placeDelta: 0 });
    expect(await statusOf(confirmationId)).toMatchObject({ c: 'paid', r: 'paid', reviewed_by: users[11] });
    expect(await tierAvailable(db(), fx.tierId)).toBe(before);
  });

  it('rejects with the reason in response_data.reason (a jsonb object) and returns the place once', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[1]!, {
      strategy: 'file',
      status: 'analysis',
    });
    const before = await tierAvailable(db(), fx.tierId);
    await transitionConfirmation(db(), { confirmationId, to: 'rejected', reason: '  Comprovante ilegível ' });
    const row = await statusOf(confirmationId);
    expect(row).toMatchObject({ c: 'rejected', r: 'rejected', data: { reason: 'Comprovante ilegível' } });
    expect(await tierAvailable(db(), fx.tierId)).toBe(before! + 1);
    // a repeat is done already: no error, no second place
    const again = await transitionConfirmation(db(), { confirmationId, to: 'rejected', reason: 'outra vez' });
    expect(again).toMatchObject({ changed: false, placeDelta: 0 });
    expect(await tierAvailable(db(), fx.tierId)).toBe(before! + 1);
  });

  it('refuses a reject without a reason of 3+ characters, changing nothing', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[2]!);
    const r = await refusal(transitionConfirmation(db(), { confirmationId, to: 'rejected', reason: 'ab' }));
    expect(r).toEqual({
      status: 400,
      code: 'INVALID_DATA',
      message: 'O motivo deve ter ao menos 3 caracteres',
    });
    const none = await refusal(transitionConfirmation(db(), { confirmationId, to: 'rejected' }));
    expect(none.code).toBe('INVALID_DATA');
    expect((await statusOf(confirmationId)).c).toBe('pending');
  });

  it('refuses disallowed moves with 409 INVALID_TRANSITION and a pt-BR message', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[3]!);
    await transitionConfirmation(db(), { confirmationId, to: 'canceled', reason: 'mudou de ideia' });
    const r = await refusal(transitionConfirmation(db(), { confirmationId, to: 'paid' }));
    expect(r).toEqual({
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Não é possível alterar esta inscrição nesse status.',
    });
    expect((await statusOf(confirmationId)).c).toBe('canceled');
  });

  it('expires a pending confirmation, returns the place, and the member may register again', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[4]!, { strategy: 'mp_pix' });
    const before = await tierAvailable(db(), fx.tierId);
    await transitionConfirmation(db(), { confirmationId, to: 'expired' });
    expect(await tierAvailable(db(), fx.tierId)).toBe(before! + 1);
    // the one-active index no longer counts the expired registration
    await makeRegistration(db(), fx, users[4]!);
    expect(await tierAvailable(db(), fx.tierId)).toBe(before);
  });

  it('an expired PIX approved late takes a place again (or refuses on a full tier)', async () => {
    const small = await makeEvent(db(), { total: 1 });
    const { confirmationId } = await makeRegistration(db(), small, users[5]!, { strategy: 'mp_pix' });
    await transitionConfirmation(db(), { confirmationId, to: 'expired' });
    expect(await tierAvailable(db(), small.tierId)).toBe(1);
    const other = await makeRegistration(db(), small, users[6]!);
    expect(await tierAvailable(db(), small.tierId)).toBe(0);
    const r = await refusal(transitionConfirmation(db(), { confirmationId, to: 'paid' }));
    expect(r.code).toBe('TIER_UNAVAILABLE');
    await transitionConfirmation(db(), {
      confirmationId: other.confirmationId,
      to: 'canceled',
      reason: 'liberar',
    });
    const late = await transitionConfirmation(db(), { confirmationId, to: 'paid' });
    expect(late.placeDelta).toBe(-1);
    expect(await tierAvailable(db(), small.tierId)).toBe(0);
    expect((await statusOf(confirmationId)).r).toBe('paid');
  });

  it('never touches available on an unlimited tier', async () => {
    const open = await makeEvent(db(), { total: null });
    const { confirmationId } = await makeRegistration(db(), open, users[7]!);
    await transitionConfirmation(db(), { confirmationId, to: 'canceled', reason: 'sem tempo' });
    expect(await tierAvailable(db(), open.tierId)).toBeNull();
  });

  it('runs the guard on the locked rows and changes nothing when it refuses', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[8]!);
    const r = await refusal(
      transitionConfirmation(db(), {
        confirmationId,
        to: 'canceled',
        guard: (locked) => {
          if (locked.registration.user_id !== 'someone else')
            throw new ApiHttpError(404, 'REGISTRATION_NOT_FOUND');
        },
      }),
    );
    expect(r.code).toBe('REGISTRATION_NOT_FOUND');
    expect((await statusOf(confirmationId)).c).toBe('pending');
  });

  it('answers 404 for a confirmation that does not exist', async () => {
    const r = await refusal(
      transitionConfirmation(db(), { confirmationId: '00000000-0000-4000-8000-000000000000', to: 'paid' }),
    );
    expect(r).toMatchObject({ status: 404, code: 'REGISTRATION_NOT_FOUND' });
  });

  it('merges provider facts into response_data without losing earlier ones', async () => {
    const { confirmationId } = await makeRegistration(db(), fx, users[9]!, { strategy: 'mp_pix' });
    await db().query(`update registration_confirmations set response_data = $2::jsonb where id = $1`, [
      confirmationId,
      { qr_code: '000201' },
    ]);
    await transitionConfirmation(db(), {
      confirmationId,
      to: 'paid',
      responseData: { provider_status: 'approved' },
    });
    expect((await statusOf(confirmationId)).data).toEqual({ qr_code: '000201', provider_status: 'approved' });
  });
});

describe('concurrent transitions on one confirmation', () => {
  it('approve, reject, cancel and expire racing end in one state and return the place at most once', async () => {
    const fx = await makeEvent(db(), { total: 5 });
    const users = await makeUsers(db(), 20);
    for (const user of users.slice(0, 4)) {
      const { confirmationId } = await makeRegistration(db(), fx, user, { strategy: 'mp_pix' });
      const before = await tierAvailable(db(), fx.tierId);
      const results = await Promise.allSettled([
        transitionConfirmation(db(), { confirmationId, to: 'paid' }),
        transitionConfirmation(db(), { confirmationId, to: 'rejected', reason: 'recusado' }),
        transitionConfirmation(db(), { confirmationId, to: 'canceled', reason: 'cancelado' }),
        transitionConfirmation(db(), { confirmationId, to: 'expired' }),
        transitionConfirmation(db(), { confirmationId, to: 'canceled', reason: 'cancelado' }),
      ]);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ApiHttpError);
      }
      const final = await statusOf(confirmationId);
      expect(final.c).toBe(final.r);
      const returned = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.placeDelta : 0), 0);
      const after = await tierAvailable(db(), fx.tierId);
      expect(after! - before!).toBe(returned);
      expect(returned).toBe(final.c === 'paid' ? 0 : 1);
    }
  });

  it('many cancels of many registrations at once return each place exactly once', async () => {
    const fx = await makeEvent(db(), { total: 30 });
    const users = await makeUsers(db(), 30);
    const regs = [];
    for (const user of users) regs.push(await makeRegistration(db(), fx, user));
    expect(await tierAvailable(db(), fx.tierId)).toBe(0);
    await Promise.allSettled(
      regs.flatMap((r) => [
        transitionConfirmation(db(), {
          confirmationId: r.confirmationId,
          to: 'canceled',
          reason: 'cancelado',
        }),
        transitionConfirmation(db(), { confirmationId: r.confirmationId, to: 'expired' }),
        transitionConfirmation(db(), {
          confirmationId: r.confirmationId,
          to: 'canceled',
          reason: 'cancelado',
        }),
      ]),
    );
    expect(await tierAvailable(db(), fx.tierId)).toBe(30);
  });
});
