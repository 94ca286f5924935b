import { myRegistrationsMessages } from '../../../../src/domain/messages/checkout.ts';
import { isActiveStatus, memberCanCancel } from '../../../../src/domain/registrations.ts';
import type { Confirmation, MyRegistration } from '../../../../src/domain/types.ts';
import { jsonArrayFrom, jsonObjectFrom, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import type { Storage } from '../../ports/index.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';

/** Private bucket of PIX receipts; signed links live this long (seconds). */
export const RECEIPTS_BUCKET = 'receipts';
const RECEIPT_LINK_SECONDS = 60 * 10;

/**
 * The statement behind the member's registrations: each with its event and tier (what the ticket
 * needs offline, a removed one included with its `deleted_at`) and its confirmations (newest first, with the voucher code) aggregated. One query.
 */
export function myRegistrationsQuery(userId: string, registrationId?: string) {
  let query = qb
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
      'r.guest_name',
      'r.guest_email',
      jsonObjectFrom(
        eb
          .selectFrom('registration_groups as g')
          .select(['g.id', 'g.people', 'g.frozen_total', 'g.leader_id'])
          .whereRef('g.id', '=', 'r.group_id'),
      ).as('group'),
      jsonObjectFrom(
        eb
          .selectFrom('guardian_consents as gc')
          .select(['gc.guardian_name as name', 'gc.state'])
          .whereRef('gc.registration_id', '=', 'r.id'),
      ).as('guardian'),
      jsonObjectFrom(
        eb
          .selectFrom('events as e')
          .select([
            'e.id',
            'e.title',
            'e.starts_at',
            'e.image',
            'e.checkin_policy',
            'e.checkin_starts_at',
            'e.checkin_ends_at',
            'e.deleted_at',
            'e.withdrawal_days',
          ])
          .whereRef('e.id', '=', 'r.event_id'),
      ).as('event'),
      jsonObjectFrom(
        eb
          .selectFrom('pricing_tiers as t')
          .select(['t.id', 't.name', 't.price', 't.payment_link', 't.custom_pix_key'])
          .whereRef('t.id', '=', 'r.tier_id'),
      ).as('tier'),
      jsonArrayFrom(
        eb
          .selectFrom('registration_confirmations as c')
          .leftJoin('vouchers as v', 'v.id', 'c.voucher_id')
          .select([
            'c.id',
            'c.registration_id',
            'c.strategy',
            'c.status',
            'c.created_at',
            'c.expires_at',
            'c.transaction_id',
            'c.paid_at',
            'c.request_data',
            'c.response_data',
            'v.code as voucher_code',
          ])
          .whereRef('c.registration_id', '=', 'r.id')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc'),
      ).as('confirmations'),
    ])
    .where('r.user_id', '=', userId)
    // a walk-in sold at the door is the person's ticket, held by the volunteer's account only for the record
    .where('r.walk_in', '=', false)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id');
  if (registrationId) query = query.where('r.id', '=', registrationId);
  return query;
}

type Row = Awaited<ReturnType<typeof run<ReturnType<typeof myRegistrationsQuery>>>>[number];

function toRegistration(r: Row): MyRegistration {
  return {
    id: r.id,
    seq: r.seq.trim(), // char(6)
    user_id: r.user_id,
    tier_id: r.tier_id,
    event_id: r.event_id,
    frozen_value: Number(r.frozen_value),
    status: r.status as MyRegistration['status'],
    created_at: iso(r.created_at),
    // a caravan's registration: its group, and the guest it is for while not claimed
    group: r.group
      ? {
          id: r.group.id,
          people: Number(r.group.people),
          frozen_total: Number(r.group.frozen_total),
          leader: r.group.leader_id === r.user_id,
        }
      : null,
    guest: r.guest_name ? { name: r.guest_name, email: r.guest_email } : null,
    guardian: r.guardian
      ? { name: r.guardian.name, state: r.guardian.state as 'pending' | 'authorized' | 'refused' }
      : null,
    event: {
      id: r.event!.id,
      title: r.event!.title,
      starts_at: iso(r.event!.starts_at),
      image: r.event!.image,
      checkin_policy: r.event!.checkin_policy as MyRegistration['event']['checkin_policy'],
      checkin_starts_at: isoOrNull(r.event!.checkin_starts_at),
      checkin_ends_at: isoOrNull(r.event!.checkin_ends_at),
      deleted_at: isoOrNull(r.event!.deleted_at),
      withdrawal_days: Number(r.event!.withdrawal_days),
    },
    tier: {
      id: r.tier!.id,
      name: r.tier!.name,
      price: Number(r.tier!.price),
      payment_link: r.tier!.payment_link,
      custom_pix_key: r.tier!.custom_pix_key,
    },
    confirmations: r.confirmations.map((c) => ({
      id: c.id,
      registration_id: c.registration_id,
      strategy: c.strategy as Confirmation['strategy'],
      status: c.status as Confirmation['status'],
      // timestamps inside json_agg are Postgres text
      created_at: iso(c.created_at),
      expires_at: isoOrNull(c.expires_at),
      transaction_id: c.transaction_id,
      paid_at: isoOrNull(c.paid_at),
      request_data: c.request_data as Record<string, unknown> | null,
      response_data: c.response_data as Record<string, unknown> | null,
      voucher_code: c.voucher_code,
    })),
  };
}

/** The user's own registrations, newest first, each with its confirmations newest first. One query. */
export async function listMyRegistrations(db: Db, userId: string): Promise<MyRegistration[]> {
  const rows = await run(db, myRegistrationsQuery(userId));
  return rows.map(toRegistration);
}

/** One of the user's own registrations, with a signed link to each uploaded receipt; 404 otherwise. */
export async function getMyRegistration(
  db: Db,
  storage: Storage,
  userId: string,
  registrationId: string,
): Promise<MyRegistration> {
  const row = await runOneOrNull(db, myRegistrationsQuery(userId, registrationId));
  if (!row) throw notFound('REGISTRATION_NOT_FOUND');
  const registration = toRegistration(row);
  for (const c of registration.confirmations) {
    const path = c.request_data?.receipt;
    c.receipt_url =
      typeof path === 'string' ? await storage.signedUrl(RECEIPTS_BUCKET, path, RECEIPT_LINK_SECONDS) : null;
  }
  return registration;
}

/**
 * The member cancels their pending cash/file/link/voucher registration for an event (product-spec.md §4), through
 * the transitions: the place goes back and a new registration is possible.
 */
export async function cancelMyRegistration(
  db: Db,
  userId: string,
  eventId: string,
): Promise<{ registration_id: string; status: 'canceled' }> {
  const newest = await runOneOrNull(
    db,
    qb
      .selectFrom('registrations as r')
      .innerJoin('registration_confirmations as c', 'c.registration_id', 'r.id')
      .select([
        'r.id as registration_id',
        'r.status as registration_status',
        'c.id',
        'c.strategy',
        'c.status',
      ])
      .where('r.user_id', '=', userId)
      .where('r.event_id', '=', eventId)
      // the member's own registration, never a caravan guest's the leader holds
      .where('r.guest_name', 'is', null)
      .where('r.status', 'in', ['pending', 'analysis', 'paid'])
      .orderBy('r.created_at', 'desc')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1),
  );
  if (!newest || !isActiveStatus(newest.registration_status)) {
    throw new ApiHttpError(404, 'REGISTRATION_NOT_FOUND', myRegistrationsMessages.nothingToCancel);
  }
  if (!memberCanCancel(newest)) throw new ApiHttpError(409, 'NOT_CANCELABLE');
  await transitionConfirmation(db, {
    confirmationId: newest.id,
    to: 'canceled',
    // decided on the locked rows: a concurrent approval or receipt wins over a stale cancel
    guard: ({ confirmation, registration }) => {
      if (registration.user_id !== userId) throw notFound('REGISTRATION_NOT_FOUND');
      if (!memberCanCancel(confirmation)) throw new ApiHttpError(409, 'NOT_CANCELABLE');
    },
  });
  return { registration_id: newest.registration_id, status: 'canceled' };
}
