import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeRegistration, makeUsers, tierAvailable } from '../../testing/checkout-fixtures.ts';

// Runs in both projects: PGlite (unit) and a real PostgreSQL (postgres), where the staff's
// approve, reject and 'Excluir' on one attempt really race through the API's routes.
let staff: string[];
const { database, t } = apiSuite();
beforeAll(async () => {
  staff = await makeUsers(database.db, 3);
  for (const id of staff) {
    await database.db.query(`insert into public.user_roles (user_id, role) values ($1, 'secretaria')`, [id]);
  }
}, 120_000);

const ROUNDS = 16;

describe('concurrent staff decisions on one confirmation', () => {
  it('end in one consistent state, the place returned at most once', async () => {
    const total = ROUNDS + 2;
    const fx = await makeEvent(database.db, { total });
    const members = await makeUsers(database.db, ROUNDS);
    const confirmations = await Promise.all(
      members.map((m, i) =>
        makeRegistration(database.db, fx, m, {
          strategy: i % 2 ? 'file' : 'cash',
          status: i % 2 ? 'analysis' : 'pending',
        }),
      ),
    );
    expect(await tierAvailable(database.db, fx.tierId)).toBe(total - ROUNDS);

    const answers = await Promise.all(
      confirmations.flatMap(({ confirmationId }, i) => {
        const as = (n: number) => t.tokenFor({ id: staff[(i + n) % staff.length]! });
        const call = (action: string, n: number, json?: unknown) =>
          t.call(`/v1/admin/confirmations/${confirmationId}/${action}`, {
            method: 'POST',
            token: as(n),
            ...(json === undefined ? {} : { json }),
          });
        // every order of arrival: the three decisions, twice each, all at once
        return [
          call('approve', 0),
          call('reject', 1, { reason: 'Comprovante ilegível' }),
          call('cancel', 2, { reason: 'Inscrição duplicada' }),
          call('approve', 1),
          call('cancel', 0, { reason: 'Outro motivo' }),
          call('reject', 2, { reason: 'Pagamento não recebido' }),
        ];
      }),
    );
    // each answer is a decision taken (200) or refused because another one won (409): never a 500
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);

    const rows = await database.db.query<{
      c: string;
      r: string;
      reason: string | null;
      reviewed_by: string;
    }>(
      `select c.status as c, r.status as r, c.response_data->>'reason' as reason, c.reviewed_by
         from registration_confirmations c join registrations r on r.id = c.registration_id
        where c.id = any($1::uuid[])`,
      [confirmations.map((a) => a.confirmationId)],
    );
    expect(rows).toHaveLength(ROUNDS);
    for (const row of rows) {
      // one final decision, the registration agreeing with its only attempt
      expect(['paid', 'rejected', 'canceled']).toContain(row.c);
      expect(row.r).toBe(row.c);
      expect(staff).toContain(row.reviewed_by);
      if (row.c === 'rejected' || row.c === 'canceled') expect(row.reason).toMatch(/.{3,}/);
    }
    // the places: every attempt that ended rejected or canceled gave its place back once, no more
    const active = rows.filter((r) => r.c === 'paid').length;
    expect(await tierAvailable(database.db, fx.tierId)).toBe(total - active);
    // the last word on each attempt is reflected by the answers: at least one 200 per attempt
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(ROUNDS);
  }, 180_000);
});
