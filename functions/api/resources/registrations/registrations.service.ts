import type { MyRegistration } from '../../../../src/domain/types.ts';
import { jsonArrayFrom, qb, run } from '../../db/kysely.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';

/** The statement behind listMyRegistrations: each registration with its confirmations aggregated. */
export function myRegistrationsQuery(userId: string) {
  return qb
    .selectFrom('registrations as r')
    .select((eb) => [
      'r.id',
      'r.seq',
      'r.user_id',
      'r.tier_id',
      'r.event_id',
      'r.frozen_value',
      'r.status',
      'r.created_at',
      jsonArrayFrom(
        eb
          .selectFrom('registration_confirmations as c')
          .select([
            'c.id',
            'c.registration_id',
            'c.strategy',
            'c.status',
            'c.created_at',
            'c.expires_at',
            'c.transaction_id',
            'c.request_data',
            'c.response_data',
          ])
          .whereRef('c.registration_id', '=', 'r.id')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id'),
      ).as('confirmations'),
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id');
}

/** The user's own registrations, newest first, each with its confirmations newest first. One query. */
export async function listMyRegistrations(db: Db, userId: string): Promise<MyRegistration[]> {
  const rows = await run(db, myRegistrationsQuery(userId));
  return rows.map((r) => ({
    ...r,
    seq: r.seq.trim(), // char(6)
    frozen_value: Number(r.frozen_value),
    created_at: iso(r.created_at),
    confirmations: r.confirmations.map((c) => ({
      ...c,
      // timestamps inside json_agg are Postgres text
      created_at: iso(c.created_at),
      expires_at: isoOrNull(c.expires_at),
      request_data: c.request_data as Record<string, unknown> | null,
      response_data: c.response_data as Record<string, unknown> | null,
    })),
  }));
}
