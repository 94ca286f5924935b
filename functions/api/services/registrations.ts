import type {
  Confirmation,
  ConfirmationStatus,
  MyRegistration,
  PaymentMethod,
  RegistrationStatus,
} from '../../../src/domain/types.ts';
import { iso, isoOrNull, jsonOrNull, strOrNull } from '../lib/rows.ts';
import type { Db } from '../ports/db.ts';

type Row = Record<string, unknown>;

export const toConfirmation = (r: Row): Confirmation => ({
  id: String(r.id),
  registration_id: String(r.registration_id),
  strategy: r.strategy as PaymentMethod,
  status: r.status as ConfirmationStatus,
  created_at: iso(r.created_at),
  expires_at: isoOrNull(r.expires_at),
  transaction_id: strOrNull(r.transaction_id),
  request_data: jsonOrNull(r.request_data),
  response_data: jsonOrNull(r.response_data),
});

/** The user's own registrations, newest first, each with its confirmations newest first. Two queries. */
export async function listMyRegistrations(db: Db, userId: string): Promise<MyRegistration[]> {
  const [registrations, confirmations] = await Promise.all([
    db.query<Row>(
      `select r.id, r.seq, r.user_id, r.tier_id, r.event_id, r.frozen_value, r.status, r.created_at
         from public.registrations r
        where r.user_id = $1
        order by r.created_at desc, r.id`,
      [userId],
    ),
    db.query<Row>(
      `select c.id, c.registration_id, c.strategy, c.status, c.created_at, c.expires_at, c.transaction_id,
              c.request_data, c.response_data
         from public.registration_confirmations c
         join public.registrations r on r.id = c.registration_id
        where r.user_id = $1
        order by c.created_at desc, c.id`,
      [userId],
    ),
  ]);
  const byRegistration = new Map<string, Confirmation[]>();
  for (const c of confirmations) {
    const key = String(c.registration_id);
    const list = byRegistration.get(key) ?? [];
    list.push(toConfirmation(c));
    byRegistration.set(key, list);
  }
  return registrations.map((r) => ({
    id: String(r.id),
    seq: String(r.seq).trim(),
    user_id: String(r.user_id),
    tier_id: String(r.tier_id),
    event_id: String(r.event_id),
    frozen_value: Number(r.frozen_value),
    status: r.status as RegistrationStatus,
    created_at: iso(r.created_at),
    confirmations: byRegistration.get(String(r.id)) ?? [],
  }));
}
